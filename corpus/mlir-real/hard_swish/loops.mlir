// tools/mlir_real.py: hard_swish, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_hard_swish {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 3.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 6.000000e+00 : f32
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %1[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %4 = arith.addf %3, %cst : f32
        memref.store %4, %alloc[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.maximumf %3, %cst_0 : f32
        memref.store %4, %alloc_2[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_2[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.minimumf %3, %cst_1 : f32
        memref.store %4, %alloc_3[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %4 = memref.load %alloc_3[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_4[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_4[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.divf %3, %cst_1 : f32
        memref.store %4, %alloc_5[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %2 = bufferization.to_tensor %alloc_5 : memref<4x8xf32>
    return %2 : tensor<4x8xf32>
  }
}

