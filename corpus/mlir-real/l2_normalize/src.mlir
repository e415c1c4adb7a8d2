// tools/mlir_real.py: l2_normalize, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
module @jit_l2_normalize {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 9.99999996E-13 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.mulf %in, %in : f32
      linalg.yield %13 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4xf32>
    %3 = linalg.fill ins(%cst_0 : f32) outs(%2 : tensor<4xf32>) -> tensor<4xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<4x8xf32>) outs(%3 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.addf %out, %in : f32
      linalg.yield %13 : f32
    } -> tensor<4xf32>
    %5 = tensor.empty() : tensor<4xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%4 : tensor<4xf32>) outs(%5 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = math.sqrt %in : f32
      linalg.yield %13 : f32
    } -> tensor<4xf32>
    %expanded = tensor.expand_shape %6 [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
    %7 = tensor.empty() : tensor<4x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded : tensor<4x1xf32>) outs(%7 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.maximumf %in, %cst : f32
      linalg.yield %13 : f32
    } -> tensor<4x1xf32>
    %9 = tensor.empty() : tensor<4x8xf32>
    %10 = linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<4x1xf32>) outs(%9 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %11 = tensor.empty() : tensor<4x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %10 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%11 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %13 = arith.divf %in, %in_1 : f32
      linalg.yield %13 : f32
    } -> tensor<4x8xf32>
    return %12 : tensor<4x8xf32>
  }
}

