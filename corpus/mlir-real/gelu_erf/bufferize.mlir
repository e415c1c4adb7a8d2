// tools/mlir_real.py: gelu_erf, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_gelu_erf {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 1.12837911 : f32
    %cst_0 = arith.constant -0.37612626 : f32
    %cst_1 = arith.constant 0.112835854 : f32
    %cst_2 = arith.constant -0.0268538129 : f32
    %cst_3 = arith.constant 0.00518832775 : f32
    %cst_4 = arith.constant -8.0101937E-4 : f32
    %cst_5 = arith.constant 7.85386146E-5 : f32
    %cst_6 = arith.constant 0.000000e+00 : f32
    %cst_7 = arith.constant -88.7228394 : f32
    %cst_8 = arith.constant 0.564189494 : f32
    %cst_9 = arith.constant -0.282076746 : f32
    %cst_10 = arith.constant 0.42184633 : f32
    %cst_11 = arith.constant -1.01526523 : f32
    %cst_12 = arith.constant 2.92101908 : f32
    %cst_13 = arith.constant -7.49551868 : f32
    %cst_14 = arith.constant 1.297720e+01 : f32
    %cst_15 = arith.constant -10.477664 : f32
    %cst_16 = arith.constant 0.563825965 : f32
    %cst_17 = arith.constant -0.274112701 : f32
    %cst_18 = arith.constant 3.404880e-01 : f32
    %cst_19 = arith.constant -0.494451523 : f32
    %cst_20 = arith.constant 0.621000468 : f32
    %cst_21 = arith.constant -0.582473278 : f32
    %cst_22 = arith.constant 0.368742466 : f32
    %cst_23 = arith.constant -0.138703942 : f32
    %cst_24 = arith.constant 2.326820e-02 : f32
    %cst_25 = arith.constant 2.000000e+00 : f32
    %cst_26 = arith.constant 1.000000e+00 : f32
    %cst_27 = arith.constant 0.707106769 : f32
    %cst_28 = arith.constant 5.000000e-01 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %cst_28 : f32
      linalg.yield %3 : f32
    }
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%0 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_29 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.negf %in : f32
      linalg.yield %3 : f32
    }
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_29 : memref<4x8xf32>) outs(%alloc_30 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %cst_27 : f32
      linalg.yield %3 : f32
    }
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_30 : memref<4x8xf32>) outs(%alloc_31 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_31 : memref<4x8xf32>) outs(%alloc_32 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.negf %in : f32
      linalg.yield %3 : f32
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_30 : memref<4x8xf32>) outs(%alloc_33 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.absf %in : f32
      linalg.yield %3 : f32
    }
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_31 : memref<4x8xf32>) outs(%alloc_34 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.divf %cst_26, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_35 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_32 : memref<4x8xf32>) outs(%alloc_35 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.exp %in : f32
      linalg.yield %3 : f32
    }
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_33 : memref<4x8xf32>) outs(%alloc_36 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.divf %cst_26, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_35, %alloc_36 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_37 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_33 : memref<4x8xf32>) outs(%alloc_38 : memref<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %3 = arith.cmpf olt, %in, %cst_25 : f32
      linalg.yield %3 : i1
    }
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_34 : memref<4x8xf32>) outs(%alloc_39 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %cst_24 : f32
      linalg.yield %3 : f32
    }
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_39 : memref<4x8xf32>) outs(%alloc_40 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_23 : f32
      linalg.yield %3 : f32
    }
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_40, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_41 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_41 : memref<4x8xf32>) outs(%alloc_42 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_22 : f32
      linalg.yield %3 : f32
    }
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_42, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_43 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_44 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_43 : memref<4x8xf32>) outs(%alloc_44 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_21 : f32
      linalg.yield %3 : f32
    }
    %alloc_45 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_44, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_45 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_45 : memref<4x8xf32>) outs(%alloc_46 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_20 : f32
      linalg.yield %3 : f32
    }
    %alloc_47 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_46, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_47 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_48 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_47 : memref<4x8xf32>) outs(%alloc_48 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_19 : f32
      linalg.yield %3 : f32
    }
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_48, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_49 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_50 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_49 : memref<4x8xf32>) outs(%alloc_50 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_18 : f32
      linalg.yield %3 : f32
    }
    %alloc_51 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_50, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_51 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_51 : memref<4x8xf32>) outs(%alloc_52 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_17 : f32
      linalg.yield %3 : f32
    }
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_52, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_53 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_54 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_53 : memref<4x8xf32>) outs(%alloc_54 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_16 : f32
      linalg.yield %3 : f32
    }
    %alloc_55 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_34 : memref<4x8xf32>) outs(%alloc_55 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %cst_15 : f32
      linalg.yield %3 : f32
    }
    %alloc_56 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_55 : memref<4x8xf32>) outs(%alloc_56 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_14 : f32
      linalg.yield %3 : f32
    }
    %alloc_57 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_56, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_57 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_58 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_57 : memref<4x8xf32>) outs(%alloc_58 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_13 : f32
      linalg.yield %3 : f32
    }
    %alloc_59 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_58, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_59 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_60 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_59 : memref<4x8xf32>) outs(%alloc_60 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_12 : f32
      linalg.yield %3 : f32
    }
    %alloc_61 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_60, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_61 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_62 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_61 : memref<4x8xf32>) outs(%alloc_62 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_11 : f32
      linalg.yield %3 : f32
    }
    %alloc_63 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_62, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_63 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_64 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_63 : memref<4x8xf32>) outs(%alloc_64 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_10 : f32
      linalg.yield %3 : f32
    }
    %alloc_65 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_64, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_65 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_66 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_65 : memref<4x8xf32>) outs(%alloc_66 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_9 : f32
      linalg.yield %3 : f32
    }
    %alloc_67 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_66, %alloc_34 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_67 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_68 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_67 : memref<4x8xf32>) outs(%alloc_68 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_8 : f32
      linalg.yield %3 : f32
    }
    %alloc_69 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_38, %alloc_54, %alloc_68 : memref<4x8xi1>, memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_69 : memref<4x8xf32>) {
    ^bb0(%in: i1, %in_93: f32, %in_94: f32, %out: f32):
      %3 = arith.select %in, %in_93, %in_94 : f32
      linalg.yield %3 : f32
    }
    %alloc_70 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_37, %alloc_69 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_70 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_71 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_32 : memref<4x8xf32>) outs(%alloc_71 : memref<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %3 = arith.cmpf olt, %in, %cst_7 : f32
      linalg.yield %3 : i1
    }
    %alloc_72 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_71, %alloc_70 : memref<4x8xi1>, memref<4x8xf32>) outs(%alloc_72 : memref<4x8xf32>) {
    ^bb0(%in: i1, %in_93: f32, %out: f32):
      %3 = arith.select %in, %cst_6, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_73 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_30 : memref<4x8xf32>) outs(%alloc_73 : memref<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %3 = arith.cmpf olt, %in, %cst_6 : f32
      linalg.yield %3 : i1
    }
    %alloc_74 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_72 : memref<4x8xf32>) outs(%alloc_74 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.subf %cst_25, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_75 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_73, %alloc_74, %alloc_72 : memref<4x8xi1>, memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_75 : memref<4x8xf32>) {
    ^bb0(%in: i1, %in_93: f32, %in_94: f32, %out: f32):
      %3 = arith.select %in, %in_93, %in_94 : f32
      linalg.yield %3 : f32
    }
    %alloc_76 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_31 : memref<4x8xf32>) outs(%alloc_76 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %cst_5 : f32
      linalg.yield %3 : f32
    }
    %alloc_77 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_76 : memref<4x8xf32>) outs(%alloc_77 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_4 : f32
      linalg.yield %3 : f32
    }
    %alloc_78 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_77, %alloc_31 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_78 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_79 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_78 : memref<4x8xf32>) outs(%alloc_79 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_3 : f32
      linalg.yield %3 : f32
    }
    %alloc_80 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_79, %alloc_31 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_80 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_81 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_80 : memref<4x8xf32>) outs(%alloc_81 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_2 : f32
      linalg.yield %3 : f32
    }
    %alloc_82 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_81, %alloc_31 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_82 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_83 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_82 : memref<4x8xf32>) outs(%alloc_83 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_1 : f32
      linalg.yield %3 : f32
    }
    %alloc_84 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_83, %alloc_31 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_84 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_85 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_84 : memref<4x8xf32>) outs(%alloc_85 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst_0 : f32
      linalg.yield %3 : f32
    }
    %alloc_86 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_85, %alloc_31 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_86 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_87 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_86 : memref<4x8xf32>) outs(%alloc_87 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst : f32
      linalg.yield %3 : f32
    }
    %alloc_88 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_30, %alloc_87 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_88 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %alloc_89 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_88 : memref<4x8xf32>) outs(%alloc_89 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.subf %cst_26, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_90 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_33 : memref<4x8xf32>) outs(%alloc_90 : memref<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %3 = arith.cmpf olt, %in, %cst_26 : f32
      linalg.yield %3 : i1
    }
    %alloc_91 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_90, %alloc_89, %alloc_75 : memref<4x8xi1>, memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_91 : memref<4x8xf32>) {
    ^bb0(%in: i1, %in_93: f32, %in_94: f32, %out: f32):
      %3 = arith.select %in, %in_93, %in_94 : f32
      linalg.yield %3 : f32
    }
    %alloc_92 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_91 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_92 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_93: f32, %out: f32):
      %3 = arith.mulf %in, %in_93 : f32
      linalg.yield %3 : f32
    }
    %2 = bufferization.to_tensor %alloc_92 : memref<4x8xf32>
    return %2 : tensor<4x8xf32>
  }
}

