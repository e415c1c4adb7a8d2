// tools/mlir_real.py: transformer_block, canonicalize step with arith.addf -> arith.subf at line 41
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map7 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map8 = affine_map<(d0) -> (d0)>
#map9 = affine_map<(d0, d1) -> (d0)>
#map10 = affine_map<(d0, d1, d2) -> (d0)>
#map11 = affine_map<(d0, d1, d2) -> (d0, 0)>
#map12 = affine_map<(d0, d1, d2) -> (d2)>
module @jit_transformer_block {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8xf32>, %arg6: tensor<8x16xf32>, %arg7: tensor<16x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 2.82842708 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 0.797884583 : f32
    %cst_4 = arith.constant 4.471500e-02 : f32
    %cst_5 = arith.constant 9.99999997E-7 : f32
    %cst_6 = arith.constant 8.000000e+00 : f32
    %cst_7 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x1xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<4x1xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x1xf32>
    %expanded = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded : tensor<4x1x8xf32>) outs(%1 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %27 = arith.mulf %in, %in : f32
      %28 = arith.addf %out, %27 : f32
      linalg.yield %28 : f32
    } -> tensor<4x1xf32>
    %3 = tensor.empty() : tensor<4x8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map3, #map4, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2, %arg1 : tensor<4x8xf32>, tensor<4x1xf32>, tensor<8xf32>) outs(%3 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
      %27 = arith.divf %in_9, %cst_6 : f32
      %28 = arith.subf %27, %cst_5 : f32
      %29 = math.rsqrt %28 : f32
      %30 = arith.mulf %in, %29 : f32
      %31 = arith.mulf %30, %in_10 : f32
      linalg.yield %31 : f32
    } -> tensor<4x8xf32>
    %5 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%3 : tensor<4x8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x8xf32>
    %6 = linalg.generic {indexing_maps = [#map5, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %arg2 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%5 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %27 = arith.mulf %in, %in_9 : f32
      %28 = arith.addf %out, %27 : f32
      linalg.yield %28 : f32
    } -> tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map5, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %arg3 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%5 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %27 = arith.mulf %in, %in_9 : f32
      %28 = arith.addf %out, %27 : f32
      linalg.yield %28 : f32
    } -> tensor<4x8xf32>
    %8 = linalg.generic {indexing_maps = [#map5, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %arg4 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%5 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %27 = arith.mulf %in, %in_9 : f32
      %28 = arith.addf %out, %27 : f32
      linalg.yield %28 : f32
    } -> tensor<4x8xf32>
    %9 = tensor.empty() : tensor<4x4xf32>
    %10 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%9 : tensor<4x4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x4xf32>
    %11 = linalg.generic {indexing_maps = [#map5, #map7, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%6, %7 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%10 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %27 = arith.mulf %in, %in_9 : f32
      %28 = arith.addf %out, %27 : f32
      linalg.yield %28 : f32
    } -> tensor<4x4xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x4xf32>) outs(%9 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %27 = arith.divf %in, %cst_0 : f32
      linalg.yield %27 : f32
    } -> tensor<4x4xf32>
    %13 = tensor.empty() : tensor<4xf32>
    %14 = linalg.generic {indexing_maps = [#map8], iterator_types = ["parallel"]} outs(%13 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map9], iterator_types = ["parallel", "reduction"]} ins(%12 : tensor<4x4xf32>) outs(%14 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %27 = arith.maximumf %out, %in : f32
      linalg.yield %27 : f32
    } -> tensor<4xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map9, #map], iterator_types = ["parallel", "parallel"]} ins(%12, %15 : tensor<4x4xf32>, tensor<4xf32>) outs(%9 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %27 = arith.subf %in, %in_9 : f32
      %28 = math.exp %27 : f32
      linalg.yield %28 : f32
    } -> tensor<4x4xf32>
    %17 = linalg.generic {indexing_maps = [#map8], iterator_types = ["parallel"]} outs(%13 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map9], iterator_types = ["parallel", "reduction"]} ins(%16 : tensor<4x4xf32>) outs(%17 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %27 = arith.addf %out, %in : f32
      linalg.yield %27 : f32
    } -> tensor<4xf32>
    %19 = linalg.generic {indexing_maps = [#map5, #map10, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%16, %18, %8 : tensor<4x4xf32>, tensor<4xf32>, tensor<4x8xf32>) outs(%5 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
      %27 = arith.divf %in, %in_9 : f32
      %28 = arith.mulf %27, %in_10 : f32
      %29 = arith.addf %out, %28 : f32
      linalg.yield %29 : f32
    } -> tensor<4x8xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %19 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%3 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %27 = arith.addf %in, %in_9 : f32
      linalg.yield %27 : f32
    } -> tensor<4x8xf32>
    %expanded_8 = tensor.expand_shape %20 [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_8 : tensor<4x1x8xf32>) outs(%1 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %27 = arith.mulf %in, %in : f32
      %28 = arith.addf %out, %27 : f32
      linalg.yield %28 : f32
    } -> tensor<4x1xf32>
    %22 = tensor.empty() : tensor<4x16xf32>
    %23 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%22 : tensor<4x16xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x16xf32>
    %24 = linalg.generic {indexing_maps = [#map5, #map11, #map12, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%20, %21, %arg5, %arg6 : tensor<4x8xf32>, tensor<4x1xf32>, tensor<8xf32>, tensor<8x16xf32>) outs(%23 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_9: f32, %in_10: f32, %in_11: f32, %out: f32):
      %27 = arith.divf %in_9, %cst_6 : f32
      %28 = arith.addf %27, %cst_5 : f32
      %29 = math.rsqrt %28 : f32
      %30 = arith.mulf %in, %29 : f32
      %31 = arith.mulf %30, %in_10 : f32
      %32 = arith.mulf %31, %in_11 : f32
      %33 = arith.addf %out, %32 : f32
      linalg.yield %33 : f32
    } -> tensor<4x16xf32>
    %25 = linalg.generic {indexing_maps = [#map5, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%24, %arg7 : tensor<4x16xf32>, tensor<16x8xf32>) outs(%5 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %27 = arith.mulf %in, %in : f32
      %28 = arith.mulf %27, %in : f32
      %29 = arith.mulf %28, %cst_4 : f32
      %30 = arith.addf %in, %29 : f32
      %31 = arith.mulf %30, %cst_3 : f32
      %32 = math.tanh %31 : f32
      %33 = arith.addf %32, %cst_2 : f32
      %34 = arith.mulf %33, %cst_1 : f32
      %35 = arith.mulf %in, %34 : f32
      %36 = arith.mulf %35, %in_9 : f32
      %37 = arith.addf %out, %36 : f32
      linalg.yield %37 : f32
    } -> tensor<4x8xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%20, %25 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%3 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %27 = arith.addf %in, %in_9 : f32
      linalg.yield %27 : f32
    } -> tensor<4x8xf32>
    return %26 : tensor<4x8xf32>
  }
}

