// tools/mlir_real.py: transformer_block, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_transformer_block {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<8xf32, strided<[?], offset: ?>>, %arg2: memref<8x8xf32, strided<[?, ?], offset: ?>>, %arg3: memref<8x8xf32, strided<[?, ?], offset: ?>>, %arg4: memref<8x8xf32, strided<[?, ?], offset: ?>>, %arg5: memref<8xf32, strided<[?], offset: ?>>, %arg6: memref<8x16xf32, strided<[?, ?], offset: ?>>, %arg7: memref<16x8xf32, strided<[?, ?], offset: ?>>) -> memref<4x8xf32> {
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 2.82842708 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 0.797884583 : f32
    %cst_3 = arith.constant 4.471500e-02 : f32
    %cst_4 = arith.constant 0xFF800000 : f32
    %cst_5 = arith.constant 9.99999997E-7 : f32
    %cst_6 = arith.constant 8.000000e+00 : f32
    %cst_7 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg8, %arg9] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = arith.mulf %0, %0 : f32
        memref.store %1, %alloc[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      memref.store %cst_7, %alloc_8[%arg8] : memref<4xf32>
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc[%arg8, %arg9] : memref<4x8xf32>
        %1 = memref.load %alloc_8[%arg8] : memref<4xf32>
        %2 = arith.addf %1, %0 : f32
        memref.store %2, %alloc_8[%arg8] : memref<4xf32>
      }
    }
    %expand_shape = memref.expand_shape %alloc_8 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %0 = memref.load %expand_shape[%arg8, %arg9] : memref<4x1xf32>
        %1 = arith.divf %0, %cst_6 : f32
        memref.store %1, %alloc_9[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %0 = memref.load %alloc_9[%arg8, %arg9] : memref<4x1xf32>
        %1 = arith.addf %0, %cst_5 : f32
        memref.store %1, %alloc_10[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %0 = memref.load %alloc_10[%arg8, %arg9] : memref<4x1xf32>
        %1 = math.rsqrt %0 : f32
        memref.store %1, %alloc_11[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_11[%arg8, %c0] : memref<4x1xf32>
        memref.store %0, %alloc_12[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg8, %arg9] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = memref.load %alloc_12[%arg8, %arg9] : memref<4x8xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_13[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg1[%arg9] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %0, %alloc_14[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_13[%arg8, %arg9] : memref<4x8xf32>
        %1 = memref.load %alloc_14[%arg8, %arg9] : memref<4x8xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_15[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst_7, %alloc_16[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %0 = memref.load %alloc_15[%arg8, %arg10] : memref<4x8xf32>
          %1 = memref.load %arg2[%arg10, %arg9] : memref<8x8xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc_16[%arg8, %arg9] : memref<4x8xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_16[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst_7, %alloc_17[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %0 = memref.load %alloc_15[%arg8, %arg10] : memref<4x8xf32>
          %1 = memref.load %arg3[%arg10, %arg9] : memref<8x8xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc_17[%arg8, %arg9] : memref<4x8xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_17[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst_7, %alloc_18[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %0 = memref.load %alloc_15[%arg8, %arg10] : memref<4x8xf32>
          %1 = memref.load %arg4[%arg10, %arg9] : memref<8x8xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc_18[%arg8, %arg9] : memref<4x8xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_18[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
    scf.for %arg8 = %c0 to %c8 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_17[%arg9, %arg8] : memref<4x8xf32>
        memref.store %0, %alloc_19[%arg8, %arg9] : memref<8x4xf32>
      }
    }
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        memref.store %cst_7, %alloc_20[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %0 = memref.load %alloc_16[%arg8, %arg10] : memref<4x8xf32>
          %1 = memref.load %alloc_19[%arg10, %arg9] : memref<8x4xf32>
          %2 = memref.load %alloc_20[%arg8, %arg9] : memref<4x4xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_20[%arg8, %arg9] : memref<4x4xf32>
        }
      }
    }
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst, %alloc_21[] : memref<f32>
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_21[] : memref<f32>
        memref.store %0, %alloc_22[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_20[%arg8, %arg9] : memref<4x4xf32>
        %1 = memref.load %alloc_22[%arg8, %arg9] : memref<4x4xf32>
        %2 = arith.divf %0, %1 : f32
        memref.store %2, %alloc_23[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      memref.store %cst_4, %alloc_24[%arg8] : memref<4xf32>
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_23[%arg8, %arg9] : memref<4x4xf32>
        %1 = memref.load %alloc_24[%arg8] : memref<4xf32>
        %2 = arith.maximumf %1, %0 : f32
        memref.store %2, %alloc_24[%arg8] : memref<4xf32>
      }
    }
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_24[%arg8] : memref<4xf32>
        memref.store %0, %alloc_25[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_26 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_23[%arg8, %arg9] : memref<4x4xf32>
        %1 = memref.load %alloc_25[%arg8, %arg9] : memref<4x4xf32>
        %2 = arith.subf %0, %1 : f32
        memref.store %2, %alloc_26[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_27 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_26[%arg8, %arg9] : memref<4x4xf32>
        %1 = math.exp %0 : f32
        memref.store %1, %alloc_27[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_28 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      memref.store %cst_7, %alloc_28[%arg8] : memref<4xf32>
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_27[%arg8, %arg9] : memref<4x4xf32>
        %1 = memref.load %alloc_28[%arg8] : memref<4xf32>
        %2 = arith.addf %1, %0 : f32
        memref.store %2, %alloc_28[%arg8] : memref<4xf32>
      }
    }
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_28[%arg8] : memref<4xf32>
        memref.store %0, %alloc_29[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_27[%arg8, %arg9] : memref<4x4xf32>
        %1 = memref.load %alloc_29[%arg8, %arg9] : memref<4x4xf32>
        %2 = arith.divf %0, %1 : f32
        memref.store %2, %alloc_30[%arg8, %arg9] : memref<4x4xf32>
      }
    }
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst_7, %alloc_31[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c4 step %c1 {
          %0 = memref.load %alloc_30[%arg8, %arg10] : memref<4x4xf32>
          %1 = memref.load %alloc_18[%arg10, %arg9] : memref<4x8xf32>
          %2 = memref.load %alloc_31[%arg8, %arg9] : memref<4x8xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_31[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg8, %arg9] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = memref.load %alloc_31[%arg8, %arg9] : memref<4x8xf32>
        %2 = arith.addf %0, %1 : f32
        memref.store %2, %alloc_32[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_32[%arg8, %arg9] : memref<4x8xf32>
        %1 = arith.mulf %0, %0 : f32
        memref.store %1, %alloc_33[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      memref.store %cst_7, %alloc_34[%arg8] : memref<4xf32>
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_33[%arg8, %arg9] : memref<4x8xf32>
        %1 = memref.load %alloc_34[%arg8] : memref<4xf32>
        %2 = arith.addf %1, %0 : f32
        memref.store %2, %alloc_34[%arg8] : memref<4xf32>
      }
    }
    %expand_shape_35 = memref.expand_shape %alloc_34 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %0 = memref.load %expand_shape_35[%arg8, %arg9] : memref<4x1xf32>
        %1 = arith.divf %0, %cst_6 : f32
        memref.store %1, %alloc_36[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %0 = memref.load %alloc_36[%arg8, %arg9] : memref<4x1xf32>
        %1 = arith.addf %0, %cst_5 : f32
        memref.store %1, %alloc_37[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c1 step %c1 {
        %0 = memref.load %alloc_37[%arg8, %arg9] : memref<4x1xf32>
        %1 = math.rsqrt %0 : f32
        memref.store %1, %alloc_38[%arg8, %arg9] : memref<4x1xf32>
      }
    }
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_38[%arg8, %c0] : memref<4x1xf32>
        memref.store %0, %alloc_39[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_32[%arg8, %arg9] : memref<4x8xf32>
        %1 = memref.load %alloc_39[%arg8, %arg9] : memref<4x8xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_40[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg5[%arg9] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %0, %alloc_41[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_40[%arg8, %arg9] : memref<4x8xf32>
        %1 = memref.load %alloc_41[%arg8, %arg9] : memref<4x8xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_42[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        memref.store %cst_7, %alloc_43[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        scf.for %arg10 = %c0 to %c8 step %c1 {
          %0 = memref.load %alloc_42[%arg8, %arg10] : memref<4x8xf32>
          %1 = memref.load %arg6[%arg10, %arg9] : memref<8x16xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        }
      }
    }
    %alloc_44 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        %1 = arith.mulf %0, %0 : f32
        memref.store %1, %alloc_44[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_45 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_44[%arg8, %arg9] : memref<4x16xf32>
        %1 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_45[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_45[%arg8, %arg9] : memref<4x16xf32>
        %1 = arith.mulf %0, %cst_3 : f32
        memref.store %1, %alloc_46[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_47 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        %1 = memref.load %alloc_46[%arg8, %arg9] : memref<4x16xf32>
        %2 = arith.addf %0, %1 : f32
        memref.store %2, %alloc_47[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_48 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_47[%arg8, %arg9] : memref<4x16xf32>
        %1 = arith.mulf %0, %cst_2 : f32
        memref.store %1, %alloc_48[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_48[%arg8, %arg9] : memref<4x16xf32>
        %1 = math.tanh %0 : f32
        memref.store %1, %alloc_49[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_50 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_49[%arg8, %arg9] : memref<4x16xf32>
        %1 = arith.addf %0, %cst_1 : f32
        memref.store %1, %alloc_50[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_51 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_50[%arg8, %arg9] : memref<4x16xf32>
        %1 = arith.mulf %0, %cst_0 : f32
        memref.store %1, %alloc_51[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_43[%arg8, %arg9] : memref<4x16xf32>
        %1 = memref.load %alloc_51[%arg8, %arg9] : memref<4x16xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_52[%arg8, %arg9] : memref<4x16xf32>
      }
    }
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        memref.store %cst_7, %alloc_53[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        scf.for %arg10 = %c0 to %c16 step %c1 {
          %0 = memref.load %alloc_52[%arg8, %arg10] : memref<4x16xf32>
          %1 = memref.load %arg7[%arg10, %arg9] : memref<16x8xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc_53[%arg8, %arg9] : memref<4x8xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_53[%arg8, %arg9] : memref<4x8xf32>
        }
      }
    }
    %alloc_54 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg8 = %c0 to %c4 step %c1 {
      scf.for %arg9 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_32[%arg8, %arg9] : memref<4x8xf32>
        %1 = memref.load %alloc_53[%arg8, %arg9] : memref<4x8xf32>
        %2 = arith.addf %0, %1 : f32
        memref.store %2, %alloc_54[%arg8, %arg9] : memref<4x8xf32>
      }
    }
    return %alloc_54 : memref<4x8xf32>
  }
}

