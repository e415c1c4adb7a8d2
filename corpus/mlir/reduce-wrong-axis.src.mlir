// expect: refuted
// Row sums are not column sums.
func.func @f(%m: tensor<3x3xf32>, %init: tensor<3xf32>) -> tensor<3xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%m : tensor<3x3xf32>) outs(%init : tensor<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
