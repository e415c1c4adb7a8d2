// expect: refuted
// The same lookup whose bufferized form loads column 0 for every column: refuted.
func.func @f(%table: tensor<6x4xf32>, %ids: tensor<3xindex>) -> tensor<3x4xf32> {
  %e = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<3xindex>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%i: index, %o: f32):
    %j = linalg.index 1 : index
    %v = tensor.extract %table[%i, %j] : tensor<6x4xf32>
    linalg.yield %v : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
