// tools/mlir_real.py: cross_entropy, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_cross_entropy {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = bufferization.to_memref %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      memref.store %cst, %alloc[%arg2] : memref<4xf32>
    }
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %4 = memref.load %2[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %5 = memref.load %alloc[%arg2] : memref<4xf32>
        %6 = arith.maximumf %5, %4 : f32
        memref.store %6, %alloc[%arg2] : memref<4xf32>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %4 = memref.load %alloc[%arg2] : memref<4xf32>
        memref.store %4, %alloc_1[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %4 = memref.load %1[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %5 = memref.load %alloc_1[%arg2, %arg3] : memref<4x8xf32>
        %6 = arith.subf %4, %5 : f32
        memref.store %6, %alloc_2[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %4 = memref.load %alloc_2[%arg2, %arg3] : memref<4x8xf32>
        %5 = math.exp %4 : f32
        memref.store %5, %alloc_3[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      memref.store %cst_0, %alloc_4[%arg2] : memref<4xf32>
    }
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %4 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %5 = memref.load %alloc_4[%arg2] : memref<4xf32>
        %6 = arith.addf %5, %4 : f32
        memref.store %6, %alloc_4[%arg2] : memref<4xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      %4 = memref.load %alloc_4[%arg2] : memref<4xf32>
      %5 = math.log %4 : f32
      memref.store %5, %alloc_5[%arg2] : memref<4xf32>
    }
    %expand_shape = memref.expand_shape %alloc_5 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %4 = memref.load %expand_shape[%arg2, %c0] : memref<4x1xf32>
        memref.store %4, %alloc_6[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %4 = memref.load %alloc_2[%arg2, %arg3] : memref<4x8xf32>
        %5 = memref.load %alloc_6[%arg2, %arg3] : memref<4x8xf32>
        %6 = arith.subf %4, %5 : f32
        memref.store %6, %alloc_7[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %4 = memref.load %0[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %5 = memref.load %alloc_7[%arg2, %arg3] : memref<4x8xf32>
        %6 = arith.mulf %4, %5 : f32
        memref.store %6, %alloc_8[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      memref.store %cst_0, %alloc_9[%arg2] : memref<4xf32>
    }
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %4 = memref.load %alloc_8[%arg2, %arg3] : memref<4x8xf32>
        %5 = memref.load %alloc_9[%arg2] : memref<4xf32>
        %6 = arith.addf %5, %4 : f32
        memref.store %6, %alloc_9[%arg2] : memref<4xf32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      %4 = memref.load %alloc_9[%arg2] : memref<4xf32>
      %5 = arith.negf %4 : f32
      memref.store %5, %alloc_10[%arg2] : memref<4xf32>
    }
    %3 = bufferization.to_tensor %alloc_10 : memref<4xf32>
    return %3 : tensor<4xf32>
  }
}

