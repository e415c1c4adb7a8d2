// tools/mlir_real.py: transformer_block, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d1, d0)>
#map5 = affine_map<() -> ()>
#map6 = affine_map<(d0, d1) -> ()>
module @jit_transformer_block {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8xf32>, %arg6: tensor<8x16xf32>, %arg7: tensor<16x8xf32>) -> tensor<4x8xf32> {
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
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %in : f32
      linalg.yield %11 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_8 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc : memref<4x8xf32>) outs(%alloc_8 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.addf %out, %in : f32
      linalg.yield %11 : f32
    }
    %expand_shape = memref.expand_shape %alloc_8 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expand_shape : memref<4x1xf32>) outs(%alloc_9 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.divf %in, %cst_6 : f32
      linalg.yield %11 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_9 : memref<4x1xf32>) outs(%alloc_10 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.addf %in, %cst_5 : f32
      linalg.yield %11 : f32
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_10 : memref<4x1xf32>) outs(%alloc_11 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = math.rsqrt %in : f32
      linalg.yield %11 : f32
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_11 : memref<4x1xf32>) outs(%alloc_12 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%8, %alloc_12 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_13 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.mulf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc_14 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_13, %alloc_14 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_15 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.mulf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_16 : memref<4x8xf32>)
    linalg.matmul ins(%alloc_15, %6 : memref<4x8xf32>, memref<8x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_16 : memref<4x8xf32>)
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_17 : memref<4x8xf32>)
    linalg.matmul ins(%alloc_15, %5 : memref<4x8xf32>, memref<8x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_17 : memref<4x8xf32>)
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_18 : memref<4x8xf32>)
    linalg.matmul ins(%alloc_15, %4 : memref<4x8xf32>, memref<8x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_18 : memref<4x8xf32>)
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
    linalg.generic {indexing_maps = [#map4, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_17 : memref<4x8xf32>) outs(%alloc_19 : memref<8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_20 : memref<4x4xf32>)
    linalg.matmul ins(%alloc_16, %alloc_19 : memref<4x8xf32>, memref<8x4xf32>) outs(%alloc_20 : memref<4x4xf32>)
    %alloc_21 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.generic {indexing_maps = [#map5], iterator_types = []} outs(%alloc_21 : memref<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    }
    %alloc_22 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map6, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_21 : memref<f32>) outs(%alloc_22 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_23 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_20, %alloc_22 : memref<4x4xf32>, memref<4x4xf32>) outs(%alloc_23 : memref<4x4xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.divf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_24 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_4 : f32) outs(%alloc_24 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_23 : memref<4x4xf32>) outs(%alloc_24 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.maximumf %out, %in : f32
      linalg.yield %11 : f32
    }
    %alloc_25 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_24 : memref<4xf32>) outs(%alloc_25 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_26 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_23, %alloc_25 : memref<4x4xf32>, memref<4x4xf32>) outs(%alloc_26 : memref<4x4xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.subf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_27 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_26 : memref<4x4xf32>) outs(%alloc_27 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = math.exp %in : f32
      linalg.yield %11 : f32
    }
    %alloc_28 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_28 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_27 : memref<4x4xf32>) outs(%alloc_28 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.addf %out, %in : f32
      linalg.yield %11 : f32
    }
    %alloc_29 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_28 : memref<4xf32>) outs(%alloc_29 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_30 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_27, %alloc_29 : memref<4x4xf32>, memref<4x4xf32>) outs(%alloc_30 : memref<4x4xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.divf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_31 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_31 : memref<4x8xf32>)
    linalg.matmul ins(%alloc_30, %alloc_18 : memref<4x4xf32>, memref<4x8xf32>) outs(%alloc_31 : memref<4x8xf32>)
    %alloc_32 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %alloc_31 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_32 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.addf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_33 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_32 : memref<4x8xf32>) outs(%alloc_33 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %in : f32
      linalg.yield %11 : f32
    }
    %alloc_34 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_34 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_33 : memref<4x8xf32>) outs(%alloc_34 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.addf %out, %in : f32
      linalg.yield %11 : f32
    }
    %expand_shape_35 = memref.expand_shape %alloc_34 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_36 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expand_shape_35 : memref<4x1xf32>) outs(%alloc_36 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.divf %in, %cst_6 : f32
      linalg.yield %11 : f32
    }
    %alloc_37 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_36 : memref<4x1xf32>) outs(%alloc_37 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.addf %in, %cst_5 : f32
      linalg.yield %11 : f32
    }
    %alloc_38 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_37 : memref<4x1xf32>) outs(%alloc_38 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = math.rsqrt %in : f32
      linalg.yield %11 : f32
    }
    %alloc_39 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_38 : memref<4x1xf32>) outs(%alloc_39 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_40 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_32, %alloc_39 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_40 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.mulf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_41 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc_41 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_42 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_40, %alloc_41 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_42 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.mulf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_43 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_43 : memref<4x16xf32>)
    linalg.matmul ins(%alloc_42, %1 : memref<4x8xf32>, memref<8x16xf32, strided<[?, ?], offset: ?>>) outs(%alloc_43 : memref<4x16xf32>)
    %alloc_44 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_43 : memref<4x16xf32>) outs(%alloc_44 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %in : f32
      linalg.yield %11 : f32
    }
    %alloc_45 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_44, %alloc_43 : memref<4x16xf32>, memref<4x16xf32>) outs(%alloc_45 : memref<4x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.mulf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_46 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_45 : memref<4x16xf32>) outs(%alloc_46 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %cst_3 : f32
      linalg.yield %11 : f32
    }
    %alloc_47 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_43, %alloc_46 : memref<4x16xf32>, memref<4x16xf32>) outs(%alloc_47 : memref<4x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.addf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_48 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_47 : memref<4x16xf32>) outs(%alloc_48 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %cst_2 : f32
      linalg.yield %11 : f32
    }
    %alloc_49 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_48 : memref<4x16xf32>) outs(%alloc_49 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = math.tanh %in : f32
      linalg.yield %11 : f32
    }
    %alloc_50 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_49 : memref<4x16xf32>) outs(%alloc_50 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.addf %in, %cst_1 : f32
      linalg.yield %11 : f32
    }
    %alloc_51 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_50 : memref<4x16xf32>) outs(%alloc_51 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %cst_0 : f32
      linalg.yield %11 : f32
    }
    %alloc_52 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_43, %alloc_51 : memref<4x16xf32>, memref<4x16xf32>) outs(%alloc_52 : memref<4x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.mulf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %alloc_53 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.fill ins(%cst_7 : f32) outs(%alloc_53 : memref<4x8xf32>)
    linalg.matmul ins(%alloc_52, %0 : memref<4x16xf32>, memref<16x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_53 : memref<4x8xf32>)
    %alloc_54 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_32, %alloc_53 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_54 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %11 = arith.addf %in, %in_55 : f32
      linalg.yield %11 : f32
    }
    %10 = bufferization.to_tensor %alloc_54 : memref<4x8xf32>
    return %10 : tensor<4x8xf32>
  }
}

