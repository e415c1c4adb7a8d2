// tools/mlir_real.py: transformer_block, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_transformer_block {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8xf32>, %arg6: tensor<8x16xf32>, %arg7: tensor<16x8xf32>) -> tensor<4x8xf32> {
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 8.000000e+00 : f32
    %cst_1 = arith.constant 9.99999997E-7 : f32
    %cst_2 = arith.constant 0xFF800000 : f32
    %cst_3 = arith.constant 4.471500e-02 : f32
    %cst_4 = arith.constant 0.797884583 : f32
    %cst_5 = arith.constant 1.000000e+00 : f32
    %cst_6 = arith.constant 5.000000e-01 : f32
    %cst_7 = arith.constant 2.82842708 : f32
    %0 = bufferization.to_memref %arg7 : memref<16x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg6 : memref<8x16xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg5 : memref<8xf32, strided<[?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %4 = bufferization.to_memref %arg4 : memref<8x8xf32, strided<[?, ?], offset: ?>>
    %5 = bufferization.to_memref %arg3 : memref<8x8xf32, strided<[?, ?], offset: ?>>
    %6 = bufferization.to_memref %arg2 : memref<8x8xf32, strided<[?, ?], offset: ?>>
    %7 = bufferization.to_memref %arg1 : memref<8xf32, strided<[?], offset: ?>>
    %8 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %9 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %9[%arg8, %arg9] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %12 = arith.mulf %11, %11 : f32
        memref.store %12, %alloc[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      memref.store %cst, %alloc_8[%arg8] : memref<4xf32>
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %alloc[%arg8, %arg9] : memref<4x8xf32>
        %12 = memref.load %alloc_8[%arg8] : memref<4xf32>
        %13 = arith.addf %12, %11 : f32
        memref.store %13, %alloc_8[%arg8] : memref<4xf32>
      }
    }
    %expand_shape = memref.expand_shape %alloc_8 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %11 = memref.load %expand_shape[%arg8, %arg9] : memref<4x1xf32>
        %12 = arith.divf %11, %cst_0 : f32
        memref.store %12, %alloc_9[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %11 = memref.load %alloc_9[%arg8, %arg9] : memref<4x1xf32>
        %12 = arith.addf %11, %cst_1 : f32
        memref.store %12, %alloc_10[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %11 = memref.load %alloc_10[%arg8, %arg9] : memref<4x1xf32>
        %12 = math.rsqrt %11 : f32
        memref.store %12, %alloc_11[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %alloc_11[%arg8, %c0] : memref<4x1xf32>
        memref.store %11, %alloc_12[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %8[%arg8, %arg9] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %12 = memref.load %alloc_12[%arg8, %arg9] : memref<4x8xf32>
        %13 = arith.mulf %11, %12 : f32
        memref.store %13, %alloc_13[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %7[%arg9] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %11, %alloc_14[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %alloc_13[%arg8, %arg9] : memref<4x8xf32>
        %12 = memref.load %alloc_14[%arg8, %arg9] : memref<4x8xf32>
        %13 = arith.mulf %11, %12 : f32
        memref.store %13, %alloc_15[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst, %alloc_16[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %11 = memref.load %alloc_15[%arg8, %arg10] : memref<4x8xf32>
          %12 = memref.load %6[%arg10, %arg9] : memref<8x8xf32, strided<[?, ?], offset: ?>>
          %13 = memref.load %alloc_16[%arg8, %arg9] : memref<4x8xf32>
          %14 = arith.mulf %11, %12 : f32
          %15 = arith.addf %13, %14 : f32
          memref.store %15, %alloc_16[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst, %alloc_17[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %11 = memref.load %alloc_15[%arg8, %arg10] : memref<4x8xf32>
          %12 = memref.load %5[%arg10, %arg9] : memref<8x8xf32, strided<[?, ?], offset: ?>>
          %13 = memref.load %alloc_17[%arg8, %arg9] : memref<4x8xf32>
          %14 = arith.mulf %11, %12 : f32
          %15 = arith.addf %13, %14 : f32
          memref.store %15, %alloc_17[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst, %alloc_18[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %11 = memref.load %alloc_15[%arg8, %arg10] : memref<4x8xf32>
          %12 = memref.load %4[%arg10, %arg9] : memref<8x8xf32, strided<[?, ?], offset: ?>>
          %13 = memref.load %alloc_18[%arg8, %arg9] : memref<4x8xf32>
          %14 = arith.mulf %11, %12 : f32
          %15 = arith.addf %13, %14 : f32
          memref.store %15, %alloc_18[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
    scf.for %arg8 = %c0 to %c8 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_17[%arg9, %arg8] : memref<4x8xf32>
        memref.store %11, %alloc_19[%arg8, %arg9] : memref<8x4xf32>
      }
    }
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        memref.store %cst, %alloc_20[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %11 = memref.load %alloc_16[%arg8, %arg10] : memref<4x8xf32>
          %12 = memref.load %alloc_19[%arg10, %arg9] : memref<8x4xf32>
          %13 = memref.load %alloc_20[%arg8, %arg9] : memref<4x4xf32>
          %14 = arith.mulf %11, %12 : f32
          %15 = arith.addf %13, %14 : f32
          memref.store %15, %alloc_20[%arg8, %arg9] : memref<4x4xf32>
        }
      }
    }
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst_7, %alloc_21[] : memref<f32>
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_21[] : memref<f32>
        memref.store %11, %alloc_22[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_20[%arg8, %arg9] : memref<4x4xf32>
        %12 = memref.load %alloc_22[%arg8, %arg9] : memref<4x4xf32>
        %13 = arith.divf %11, %12 : f32
        memref.store %13, %alloc_23[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      memref.store %cst_2, %alloc_24[%arg8] : memref<4xf32>
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_23[%arg8, %arg9] : memref<4x4xf32>
        %12 = memref.load %alloc_24[%arg8] : memref<4xf32>
        %13 = arith.maximumf %12, %11 : f32
        memref.store %13, %alloc_24[%arg8] : memref<4xf32>
      }
    }
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_24[%arg8] : memref<4xf32>
        memref.store %11, %alloc_25[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_26 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_23[%arg8, %arg9] : memref<4x4xf32>
        %12 = memref.load %alloc_25[%arg8, %arg9] : memref<4x4xf32>
        %13 = arith.subf %11, %12 : f32
        memref.store %13, %alloc_26[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_27 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_26[%arg8, %arg9] : memref<4x4xf32>
        %12 = math.exp %11 : f32
        memref.store %12, %alloc_27[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_28 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      memref.store %cst, %alloc_28[%arg8] : memref<4xf32>
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_27[%arg8, %arg9] : memref<4x4xf32>
        %12 = memref.load %alloc_28[%arg8] : memref<4xf32>
        %13 = arith.addf %12, %11 : f32
        memref.store %13, %alloc_28[%arg8] : memref<4xf32>
      }
    }
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_28[%arg8] : memref<4xf32>
        memref.store %11, %alloc_29[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %11 = memref.load %alloc_27[%arg8, %arg9] : memref<4x4xf32>
        %12 = memref.load %alloc_29[%arg8, %arg9] : memref<4x4xf32>
        %13 = arith.divf %11, %12 : f32
        memref.store %13, %alloc_30[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst, %alloc_31[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c4 step %c1 {
          %11 = memref.load %alloc_30[%arg8, %arg10] : memref<4x4xf32>
          %12 = memref.load %alloc_18[%arg10, %arg9] : memref<4x8xf32>
          %13 = memref.load %alloc_31[%arg8, %arg9] : memref<4x8xf32>
          %14 = arith.mulf %11, %12 : f32
          %15 = arith.addf %13, %14 : f32
          memref.store %15, %alloc_31[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %3[%arg8, %arg9] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %12 = memref.load %alloc_31[%arg8, %arg9] : memref<4x8xf32>
        %13 = arith.addf %11, %12 : f32
        memref.store %13, %alloc_32[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %alloc_32[%arg8, %arg9] : memref<4x8xf32>
        %12 = arith.mulf %11, %11 : f32
        memref.store %12, %alloc_33[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      memref.store %cst, %alloc_34[%arg8] : memref<4xf32>
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %alloc_33[%arg8, %arg9] : memref<4x8xf32>
        %12 = memref.load %alloc_34[%arg8] : memref<4xf32>
        %13 = arith.addf %12, %11 : f32
        memref.store %13, %alloc_34[%arg8] : memref<4xf32>
      }
    }
    %expand_shape_35 = memref.expand_shape %alloc_34 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %11 = memref.load %expand_shape_35[%arg8, %arg9] : memref<4x1xf32>
        %12 = arith.divf %11, %cst_0 : f32
        memref.store %12, %alloc_36[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %11 = memref.load %alloc_36[%arg8, %arg9] : memref<4x1xf32>
        %12 = arith.addf %11, %cst_1 : f32
        memref.store %12, %alloc_37[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %11 = memref.load %alloc_37[%arg8, %arg9] : memref<4x1xf32>
        %12 = math.rsqrt %11 : f32
        memref.store %12, %alloc_38[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %alloc_38[%arg8, %c0] : memref<4x1xf32>
        memref.store %11, %alloc_39[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %alloc_32[%arg8, %arg9] : memref<4x8xf32>
        %12 = memref.load %alloc_39[%arg8, %arg9] : memref<4x8xf32>
        %13 = arith.mulf %11, %12 : f32
        memref.store %13, %alloc_40[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %2[%arg9] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %11, %alloc_41[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %alloc_40[%arg8, %arg9] : memref<4x8xf32>
        %12 = memref.load %alloc_41[%arg8, %arg9] : memref<4x8xf32>
        %13 = arith.mulf %11, %12 : f32
        memref.store %13, %alloc_42[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        memref.store %cst, %alloc_43[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %11 = memref.load %alloc_42[%arg8, %arg10] : memref<4x8xf32>
          %12 = memref.load %1[%arg10, %arg9] : memref<8x16xf32, strided<[?, ?], offset: ?>>
          %13 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
          %14 = arith.mulf %11, %12 : f32
          %15 = arith.addf %13, %14 : f32
          memref.store %15, %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        }
      }
    }
    %alloc_44 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %11 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        %12 = arith.mulf %11, %11 : f32
        memref.store %12, %alloc_44[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_45 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %11 = memref.load %alloc_44[%arg8, %arg9] : memref<4x16xf32>
        %12 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        %13 = arith.mulf %11, %12 : f32
        memref.store %13, %alloc_45[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %11 = memref.load %alloc_45[%arg8, %arg9] : memref<4x16xf32>
        %12 = arith.mulf %11, %cst_3 : f32
        memref.store %12, %alloc_46[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_47 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %11 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        %12 = memref.load %alloc_46[%arg8, %arg9] : memref<4x16xf32>
        %13 = arith.addf %11, %12 : f32
        memref.store %13, %alloc_47[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_48 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %11 = memref.load %alloc_47[%arg8, %arg9] : memref<4x16xf32>
        %12 = arith.mulf %11, %cst_4 : f32
        memref.store %12, %alloc_48[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %11 = memref.load %alloc_48[%arg8, %arg9] : memref<4x16xf32>
        %12 = math.tanh %11 : f32
        memref.store %12, %alloc_49[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_50 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %11 = memref.load %alloc_49[%arg8, %arg9] : memref<4x16xf32>
        %12 = arith.addf %11, %cst_5 : f32
        memref.store %12, %alloc_50[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_51 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %11 = memref.load %alloc_50[%arg8, %arg9] : memref<4x16xf32>
        %12 = arith.mulf %11, %cst_6 : f32
        memref.store %12, %alloc_51[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %11 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        %12 = memref.load %alloc_51[%arg8, %arg9] : memref<4x16xf32>
        %13 = arith.mulf %11, %12 : f32
        memref.store %13, %alloc_52[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst, %alloc_53[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c16 step %c1 {
          %11 = memref.load %alloc_52[%arg8, %arg10] : memref<4x16xf32>
          %12 = memref.load %0[%arg10, %arg9] : memref<16x8xf32, strided<[?, ?], offset: ?>>
          %13 = memref.load %alloc_53[%arg8, %arg9] : memref<4x8xf32>
          %14 = arith.mulf %11, %12 : f32
          %15 = arith.addf %13, %14 : f32
          memref.store %15, %alloc_53[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_54 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %11 = memref.load %alloc_32[%arg8, %arg9] : memref<4x8xf32>
        %12 = memref.load %alloc_53[%arg8, %arg9] : memref<4x8xf32>
        %13 = arith.addf %11, %12 : f32
        memref.store %13, %alloc_54[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %10 = bufferization.to_tensor %alloc_54 : memref<4x8xf32>
    return %10 : tensor<4x8xf32>
  }
}

