// tools/mlir_real.py: mse_loss, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_mse_loss {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 3.200000e+01 : f32
    %0 = bufferization.to_memref %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %1[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = memref.load %0[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %7 = arith.subf %5, %6 : f32
        memref.store %7, %alloc[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc[%arg2, %arg3] : memref<4x8xf32>
        %6 = arith.mulf %5, %5 : f32
        memref.store %6, %alloc_1[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst, %alloc_2[] : memref<f32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_1[%arg2, %arg3] : memref<4x8xf32>
        %6 = memref.load %alloc_2[] : memref<f32>
        %7 = arith.addf %6, %5 : f32
        memref.store %7, %alloc_2[] : memref<f32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    %2 = memref.load %alloc_2[] : memref<f32>
    %3 = arith.divf %2, %cst_0 : f32
    memref.store %3, %alloc_3[] : memref<f32>
    %4 = bufferization.to_tensor %alloc_3 : memref<f32>
    return %4 : tensor<f32>
  }
}

