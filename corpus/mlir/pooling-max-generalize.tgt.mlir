#map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
func.func @f(%i: tensor<1x5x5x3xf32>, %o: tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32> {
  %w = tensor.empty() : tensor<3x3xf32>
  %0 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%i, %w : tensor<1x5x5x3xf32>, tensor<3x3xf32>) outs(%o : tensor<1x2x2x3xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %1 = arith.maximumf %out, %in : f32
    linalg.yield %1 : f32
  } -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}
