// tools/mlir_real.py: rms_norm_bf16, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_rms_norm_bf16 {
  func.func public @main(%arg0: tensor<4x8xbf16>, %arg1: tensor<8xbf16>) -> tensor<4x8xbf16> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 8.000000e+00 : f32
    %cst_1 = arith.constant 9.99999974E-6 : f32
    %0 = bufferization.to_memref %arg1 : memref<8xbf16, strided<[?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xbf16, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %3 = memref.load %1[%arg2, %arg3] : memref<4x8xbf16, strided<[?, ?], offset: ?>>
        %4 = arith.extf %3 : bf16 to f32
        memref.store %4, %alloc[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc[%arg2, %arg3] : memref<4x8xf32>
        %4 = arith.mulf %3, %3 : f32
        memref.store %4, %alloc_2[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      memref.store %cst, %alloc_3[%arg2] : memref<4xf32>
    }
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_2[%arg2, %arg3] : memref<4x8xf32>
        %4 = memref.load %alloc_3[%arg2] : memref<4xf32>
        %5 = arith.addf %4, %3 : f32
        memref.store %5, %alloc_3[%arg2] : memref<4xf32>
      }
    }
    %expand_shape = memref.expand_shape %alloc_3 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %3 = memref.load %expand_shape[%arg2, %arg3] : memref<4x1xf32>
        %4 = arith.divf %3, %cst_0 : f32
        memref.store %4, %alloc_4[%arg2, %arg3] : memref<4x1xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %3 = memref.load %alloc_4[%arg2, %arg3] : memref<4x1xf32>
        %4 = arith.addf %3, %cst_1 : f32
        memref.store %4, %alloc_5[%arg2, %arg3] : memref<4x1xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %3 = memref.load %alloc_5[%arg2, %arg3] : memref<4x1xf32>
        %4 = math.rsqrt %3 : f32
        memref.store %4, %alloc_6[%arg2, %arg3] : memref<4x1xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_6[%arg2, %c0] : memref<4x1xf32>
        memref.store %3, %alloc_7[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc[%arg2, %arg3] : memref<4x8xf32>
        %4 = memref.load %alloc_7[%arg2, %arg3] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_8[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg2 = %c0 to %c8 step %c1 {
      %3 = memref.load %0[%arg2] : memref<8xbf16, strided<[?], offset: ?>>
      %4 = arith.extf %3 : bf16 to f32
      memref.store %4, %alloc_9[%arg2] : memref<8xf32>
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_9[%arg3] : memref<8xf32>
        memref.store %3, %alloc_10[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_8[%arg2, %arg3] : memref<4x8xf32>
        %4 = memref.load %alloc_10[%arg2, %arg3] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_11[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x8xbf16>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_11[%arg2, %arg3] : memref<4x8xf32>
        %4 = arith.truncf %3 : f32 to bf16
        memref.store %4, %alloc_12[%arg2, %arg3] : memref<4x8xbf16>
      }
    }
    %2 = bufferization.to_tensor %alloc_12 : memref<4x8xbf16>
    return %2 : tensor<4x8xbf16>
  }
}

