// tools/mlir_real.py: avg_pool, canonicalize step with arith.divf -> arith.mulf at line 22
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
module @jit_avg_pool {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>) -> tensor<1x3x3x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x2xf32>
    %1 = tensor.empty() : tensor<1x3x3x3xf32>
    %2 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%1 : tensor<1x3x3x3xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<1x3x3x3xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %0 : tensor<1x6x6x3xf32>, tensor<2x2xf32>) outs(%2 : tensor<1x3x3x3xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %5 = arith.addf %out, %in : f32
      linalg.yield %5 : f32
    } -> tensor<1x3x3x3xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x3x3x3xf32>) outs(%1 : tensor<1x3x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.mulf %in, %cst_0 : f32
      linalg.yield %5 : f32
    } -> tensor<1x3x3x3xf32>
    return %4 : tensor<1x3x3x3xf32>
  }
}

