// tools/mlir_real.py: layer_norm, canonicalize step with arith.addf -> arith.subf at line 39
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
#map4 = affine_map<(d0, d1) -> (d1)>
module @jit_layer_norm {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 9.99999974E-6 : f32
    %cst_0 = arith.constant 8.000000e+00 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x1xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<4x1xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_1 : f32
    } -> tensor<4x1xf32>
    %expanded = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded : tensor<4x1x8xf32>) outs(%1 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.addf %out, %in : f32
      linalg.yield %7 : f32
    } -> tensor<4x1xf32>
    %3 = tensor.empty() : tensor<4x8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2 : tensor<4x8xf32>, tensor<4x1xf32>) outs(%3 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %7 = arith.divf %in_3, %cst_0 : f32
      %8 = arith.subf %in, %7 : f32
      linalg.yield %8 : f32
    } -> tensor<4x8xf32>
    %expanded_2 = tensor.expand_shape %4 [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_2 : tensor<4x1x8xf32>) outs(%1 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.mulf %in, %in : f32
      %8 = arith.addf %out, %7 : f32
      linalg.yield %8 : f32
    } -> tensor<4x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map3, #map4, #map4, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %5, %arg1, %arg2 : tensor<4x8xf32>, tensor<4x1xf32>, tensor<8xf32>, tensor<8xf32>) outs(%3 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %in_4: f32, %in_5: f32, %out: f32):
      %7 = arith.divf %in_3, %cst_0 : f32
      %8 = arith.subf %7, %cst : f32
      %9 = math.sqrt %8 : f32
      %10 = arith.divf %in, %9 : f32
      %11 = arith.mulf %10, %in_4 : f32
      %12 = arith.addf %11, %in_5 : f32
      linalg.yield %12 : f32
    } -> tensor<4x8xf32>
    return %6 : tensor<4x8xf32>
  }
}

