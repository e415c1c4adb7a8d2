// tools/mlir_real.py: layer_norm, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_layer_norm {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 8.000000e+00 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %0 = bufferization.to_memref %arg2 : memref<8xf32, strided<[?], offset: ?>>
    %1 = bufferization.to_memref %arg1 : memref<8xf32, strided<[?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      memref.store %cst, %alloc[%arg3] : memref<4xf32>
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %3[%arg3, %arg4] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = memref.load %alloc[%arg3] : memref<4xf32>
        %7 = arith.addf %6, %5 : f32
        memref.store %7, %alloc[%arg3] : memref<4xf32>
      }
    }
    %expand_shape = memref.expand_shape %alloc [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %5 = memref.load %expand_shape[%arg3, %arg4] : memref<4x1xf32>
        %6 = arith.divf %5, %cst_0 : f32
        memref.store %6, %alloc_2[%arg3, %arg4] : memref<4x1xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_2[%arg3, %c0] : memref<4x1xf32>
        memref.store %5, %alloc_3[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %2[%arg3, %arg4] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = memref.load %alloc_3[%arg3, %arg4] : memref<4x8xf32>
        %7 = arith.subf %5, %6 : f32
        memref.store %7, %alloc_4[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_4[%arg3, %arg4] : memref<4x8xf32>
        %6 = arith.mulf %5, %5 : f32
        memref.store %6, %alloc_5[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      memref.store %cst, %alloc_6[%arg3] : memref<4xf32>
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_5[%arg3, %arg4] : memref<4x8xf32>
        %6 = memref.load %alloc_6[%arg3] : memref<4xf32>
        %7 = arith.addf %6, %5 : f32
        memref.store %7, %alloc_6[%arg3] : memref<4xf32>
      }
    }
    %expand_shape_7 = memref.expand_shape %alloc_6 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %5 = memref.load %expand_shape_7[%arg3, %arg4] : memref<4x1xf32>
        %6 = arith.divf %5, %cst_0 : f32
        memref.store %6, %alloc_8[%arg3, %arg4] : memref<4x1xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %5 = memref.load %alloc_8[%arg3, %arg4] : memref<4x1xf32>
        %6 = arith.addf %5, %cst_1 : f32
        memref.store %6, %alloc_9[%arg3, %arg4] : memref<4x1xf32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %5 = memref.load %alloc_9[%arg3, %arg4] : memref<4x1xf32>
        %6 = math.sqrt %5 : f32
        memref.store %6, %alloc_10[%arg3, %arg4] : memref<4x1xf32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_10[%arg3, %c0] : memref<4x1xf32>
        memref.store %5, %alloc_11[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_4[%arg3, %arg4] : memref<4x8xf32>
        %6 = memref.load %alloc_11[%arg3, %arg4] : memref<4x8xf32>
        %7 = arith.divf %5, %6 : f32
        memref.store %7, %alloc_12[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %1[%arg4] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %5, %alloc_13[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_12[%arg3, %arg4] : memref<4x8xf32>
        %6 = memref.load %alloc_13[%arg3, %arg4] : memref<4x8xf32>
        %7 = arith.mulf %5, %6 : f32
        memref.store %7, %alloc_14[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %0[%arg4] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %5, %alloc_15[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_14[%arg3, %arg4] : memref<4x8xf32>
        %6 = memref.load %alloc_15[%arg3, %arg4] : memref<4x8xf32>
        %7 = arith.addf %5, %6 : f32
        memref.store %7, %alloc_16[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    %4 = bufferization.to_tensor %alloc_16 : memref<4x8xf32>
    return %4 : tensor<4x8xf32>
  }
}

