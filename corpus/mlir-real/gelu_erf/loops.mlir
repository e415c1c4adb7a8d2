// tools/mlir_real.py: gelu_erf, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_gelu_erf {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 0.707106769 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 2.000000e+00 : f32
    %cst_3 = arith.constant 2.326820e-02 : f32
    %cst_4 = arith.constant -0.138703942 : f32
    %cst_5 = arith.constant 0.368742466 : f32
    %cst_6 = arith.constant -0.582473278 : f32
    %cst_7 = arith.constant 0.621000468 : f32
    %cst_8 = arith.constant -0.494451523 : f32
    %cst_9 = arith.constant 3.404880e-01 : f32
    %cst_10 = arith.constant -0.274112701 : f32
    %cst_11 = arith.constant 0.563825965 : f32
    %cst_12 = arith.constant -10.477664 : f32
    %cst_13 = arith.constant 1.297720e+01 : f32
    %cst_14 = arith.constant -7.49551868 : f32
    %cst_15 = arith.constant 2.92101908 : f32
    %cst_16 = arith.constant -1.01526523 : f32
    %cst_17 = arith.constant 0.42184633 : f32
    %cst_18 = arith.constant -0.282076746 : f32
    %cst_19 = arith.constant 0.564189494 : f32
    %cst_20 = arith.constant -88.7228394 : f32
    %cst_21 = arith.constant 0.000000e+00 : f32
    %cst_22 = arith.constant 7.85386146E-5 : f32
    %cst_23 = arith.constant -8.0101937E-4 : f32
    %cst_24 = arith.constant 0.00518832775 : f32
    %cst_25 = arith.constant -0.0268538129 : f32
    %cst_26 = arith.constant 0.112835854 : f32
    %cst_27 = arith.constant -0.37612626 : f32
    %cst_28 = arith.constant 1.12837911 : f32
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %1[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %4 = arith.mulf %3, %cst : f32
        memref.store %4, %alloc[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %4 = arith.negf %3 : f32
        memref.store %4, %alloc_29[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_29[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.mulf %3, %cst_0 : f32
        memref.store %4, %alloc_30[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_30[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.mulf %3, %3 : f32
        memref.store %4, %alloc_31[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_31[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.negf %3 : f32
        memref.store %4, %alloc_32[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_30[%arg1, %arg2] : memref<4x8xf32>
        %4 = math.absf %3 : f32
        memref.store %4, %alloc_33[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_31[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.divf %cst_1, %3 : f32
        memref.store %4, %alloc_34[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_35 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_32[%arg1, %arg2] : memref<4x8xf32>
        %4 = math.exp %3 : f32
        memref.store %4, %alloc_35[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_33[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.divf %cst_1, %3 : f32
        memref.store %4, %alloc_36[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_35[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_36[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_37[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_33[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.cmpf olt, %3, %cst_2 : f32
        memref.store %4, %alloc_38[%arg1, %arg2] : memref<4x8xi1>
      }
    }
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.mulf %3, %cst_3 : f32
        memref.store %4, %alloc_39[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_39[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_4 : f32
        memref.store %4, %alloc_40[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_40[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_41[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_41[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_5 : f32
        memref.store %4, %alloc_42[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_42[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_43[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_44 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_43[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_6 : f32
        memref.store %4, %alloc_44[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_45 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_44[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_45[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_45[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_7 : f32
        memref.store %4, %alloc_46[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_47 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_46[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_47[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_48 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_47[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_8 : f32
        memref.store %4, %alloc_48[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_48[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_49[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_50 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_49[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_9 : f32
        memref.store %4, %alloc_50[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_51 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_50[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_51[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_51[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_10 : f32
        memref.store %4, %alloc_52[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_52[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_53[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_54 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_53[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_11 : f32
        memref.store %4, %alloc_54[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_55 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.mulf %3, %cst_12 : f32
        memref.store %4, %alloc_55[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_56 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_55[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_13 : f32
        memref.store %4, %alloc_56[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_57 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_56[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_57[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_58 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_57[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_14 : f32
        memref.store %4, %alloc_58[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_59 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_58[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_59[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_60 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_59[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_15 : f32
        memref.store %4, %alloc_60[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_61 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_60[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_61[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_62 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_61[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_16 : f32
        memref.store %4, %alloc_62[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_63 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_62[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_63[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_64 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_63[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_17 : f32
        memref.store %4, %alloc_64[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_65 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_64[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_65[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_66 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_65[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_18 : f32
        memref.store %4, %alloc_66[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_67 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_66[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_34[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_67[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_68 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_67[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_19 : f32
        memref.store %4, %alloc_68[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_69 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_38[%arg1, %arg2] : memref<4x8xi1>
        %4 = memref.load %alloc_54[%arg1, %arg2] : memref<4x8xf32>
        %5 = memref.load %alloc_68[%arg1, %arg2] : memref<4x8xf32>
        %6 = arith.select %3, %4, %5 : f32
        memref.store %6, %alloc_69[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_70 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_37[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_69[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_70[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_71 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_32[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.cmpf olt, %3, %cst_20 : f32
        memref.store %4, %alloc_71[%arg1, %arg2] : memref<4x8xi1>
      }
    }
    %alloc_72 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_71[%arg1, %arg2] : memref<4x8xi1>
        %4 = memref.load %alloc_70[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.select %3, %cst_21, %4 : f32
        memref.store %5, %alloc_72[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_73 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_30[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.cmpf olt, %3, %cst_21 : f32
        memref.store %4, %alloc_73[%arg1, %arg2] : memref<4x8xi1>
      }
    }
    %alloc_74 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_72[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.subf %cst_2, %3 : f32
        memref.store %4, %alloc_74[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_75 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_73[%arg1, %arg2] : memref<4x8xi1>
        %4 = memref.load %alloc_74[%arg1, %arg2] : memref<4x8xf32>
        %5 = memref.load %alloc_72[%arg1, %arg2] : memref<4x8xf32>
        %6 = arith.select %3, %4, %5 : f32
        memref.store %6, %alloc_75[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_76 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_31[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.mulf %3, %cst_22 : f32
        memref.store %4, %alloc_76[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_77 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_76[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_23 : f32
        memref.store %4, %alloc_77[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_78 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_77[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_31[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_78[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_79 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_78[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_24 : f32
        memref.store %4, %alloc_79[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_80 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_79[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_31[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_80[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_81 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_80[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_25 : f32
        memref.store %4, %alloc_81[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_82 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_81[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_31[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_82[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_83 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_82[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_26 : f32
        memref.store %4, %alloc_83[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_84 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_83[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_31[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_84[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_85 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_84[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_27 : f32
        memref.store %4, %alloc_85[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_86 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_85[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_31[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_86[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_87 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_86[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.addf %3, %cst_28 : f32
        memref.store %4, %alloc_87[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_88 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_30[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_87[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_88[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_89 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_88[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.subf %cst_1, %3 : f32
        memref.store %4, %alloc_89[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_90 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_33[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.cmpf olt, %3, %cst_1 : f32
        memref.store %4, %alloc_90[%arg1, %arg2] : memref<4x8xi1>
      }
    }
    %alloc_91 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_90[%arg1, %arg2] : memref<4x8xi1>
        %4 = memref.load %alloc_89[%arg1, %arg2] : memref<4x8xf32>
        %5 = memref.load %alloc_75[%arg1, %arg2] : memref<4x8xf32>
        %6 = arith.select %3, %4, %5 : f32
        memref.store %6, %alloc_91[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_92 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_91[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.mulf %3, %4 : f32
        memref.store %5, %alloc_92[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %2 = bufferization.to_tensor %alloc_92 : memref<4x8xf32>
    return %2 : tensor<4x8xf32>
  }
}

