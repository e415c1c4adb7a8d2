#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 * 3 + d5 * 2, d6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
func.func @f(%i: tensor<1x7x9x2xf32>, %w: tensor<2x2x2x3xf32>, %o: tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%i, %w : tensor<1x7x9x2xf32>, tensor<2x2x2x3xf32>) outs(%o : tensor<1x3x3x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %1 = arith.mulf %in, %in_0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}
