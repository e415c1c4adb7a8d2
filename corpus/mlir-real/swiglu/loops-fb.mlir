// tools/mlir_real.py: swiglu, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_swiglu {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<8x16xf32, strided<[?, ?], offset: ?>>, %arg2: memref<8x16xf32, strided<[?, ?], offset: ?>>) -> memref<4x16xf32> {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        memref.store %cst_0, %alloc[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        scf.for %arg5 = %c0 to %c8 step %c1 {
          %0 = memref.load %arg0[%arg3, %arg5] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %1 = memref.load %arg1[%arg5, %arg4] : memref<8x16xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc[%arg3, %arg4] : memref<4x16xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc[%arg3, %arg4] : memref<4x16xf32>
        }
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc[%arg3, %arg4] : memref<4x16xf32>
        %1 = arith.negf %0 : f32
        memref.store %1, %alloc_1[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_1[%arg3, %arg4] : memref<4x16xf32>
        %1 = math.exp %0 : f32
        memref.store %1, %alloc_2[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_2[%arg3, %arg4] : memref<4x16xf32>
        %1 = arith.addf %0, %cst : f32
        memref.store %1, %alloc_3[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_3[%arg3, %arg4] : memref<4x16xf32>
        %1 = arith.divf %cst, %0 : f32
        memref.store %1, %alloc_4[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc[%arg3, %arg4] : memref<4x16xf32>
        %1 = memref.load %alloc_4[%arg3, %arg4] : memref<4x16xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_5[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        memref.store %cst_0, %alloc_6[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        scf.for %arg5 = %c0 to %c8 step %c1 {
          %0 = memref.load %arg0[%arg3, %arg5] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %1 = memref.load %arg2[%arg5, %arg4] : memref<8x16xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc_6[%arg3, %arg4] : memref<4x16xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_6[%arg3, %arg4] : memref<4x16xf32>
        }
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_5[%arg3, %arg4] : memref<4x16xf32>
        %1 = memref.load %alloc_6[%arg3, %arg4] : memref<4x16xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_7[%arg3, %arg4] : memref<4x16xf32>
      }
    }
    return %alloc_7 : memref<4x16xf32>
  }
}

