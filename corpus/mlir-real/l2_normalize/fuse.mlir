// tools/mlir_real.py: l2_normalize, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
module @jit_l2_normalize {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 9.99999996E-13 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x1xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<4x1xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<4x1xf32>
    %expanded = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded : tensor<4x1x8xf32>) outs(%1 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.mulf %in, %in : f32
      %6 = arith.addf %out, %5 : f32
      linalg.yield %6 : f32
    } -> tensor<4x1xf32>
    %3 = tensor.empty() : tensor<4x8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2 : tensor<4x8xf32>, tensor<4x1xf32>) outs(%3 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %5 = math.sqrt %in_1 : f32
      %6 = arith.maximumf %5, %cst : f32
      %7 = arith.divf %in, %6 : f32
      linalg.yield %7 : f32
    } -> tensor<4x8xf32>
    return %4 : tensor<4x8xf32>
  }
}

