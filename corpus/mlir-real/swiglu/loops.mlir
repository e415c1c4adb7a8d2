// tools/mlir_real.py: swiglu, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_swiglu {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<8x16xf32>) -> tensor<4x16xf32> {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = bufferization.to_memref %arg2 : memref<8x16xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg1 : memref<8x16xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        memref.store %cst, %alloc[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        scf.for %arg5 = %c0 to %c8 step %c1 {
          %5 = memref.load %3[%arg3, %arg5] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %6 = memref.load %2[%arg5, %arg4] : memref<8x16xf32, strided<[?, ?], offset: ?>>
          %7 = memref.load %alloc[%arg3, %arg4] : memref<4x16xf32>
          %8 = arith.mulf %5, %6 : f32
          %9 = arith.addf %7, %8 : f32
          memref.store %9, %alloc[%arg3, %arg4] : memref<4x16xf32>
        }
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %5 = memref.load %alloc[%arg3, %arg4] : memref<4x16xf32>
        %6 = arith.negf %5 : f32
        memref.store %6, %alloc_1[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %5 = memref.load %alloc_1[%arg3, %arg4] : memref<4x16xf32>
        %6 = math.exp %5 : f32
        memref.store %6, %alloc_2[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %5 = memref.load %alloc_2[%arg3, %arg4] : memref<4x16xf32>
        %6 = arith.addf %5, %cst_0 : f32
        memref.store %6, %alloc_3[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %5 = memref.load %alloc_3[%arg3, %arg4] : memref<4x16xf32>
        %6 = arith.divf %cst_0, %5 : f32
        memref.store %6, %alloc_4[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %5 = memref.load %alloc[%arg3, %arg4] : memref<4x16xf32>
        %6 = memref.load %alloc_4[%arg3, %arg4] : memref<4x16xf32>
        %7 = arith.mulf %5, %6 : f32
        memref.store %7, %alloc_5[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        memref.store %cst, %alloc_6[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        scf.for %arg5 = %c0 to %c8 step %c1 {
          %5 = memref.load %1[%arg3, %arg5] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %6 = memref.load %0[%arg5, %arg4] : memref<8x16xf32, strided<[?, ?], offset: ?>>
          %7 = memref.load %alloc_6[%arg3, %arg4] : memref<4x16xf32>
          %8 = arith.mulf %5, %6 : f32
          %9 = arith.addf %7, %8 : f32
          memref.store %9, %alloc_6[%arg3, %arg4] : memref<4x16xf32>
        }
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %5 = memref.load %alloc_5[%arg3, %arg4] : memref<4x16xf32>
        %6 = memref.load %alloc_6[%arg3, %arg4] : memref<4x16xf32>
        %7 = arith.mulf %5, %6 : f32
        memref.store %7, %alloc_7[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %4 = bufferization.to_tensor %alloc_7 : memref<4x16xf32>
    return %4 : tensor<4x16xf32>
  }
}

