// expect: refuted
// The target's rank-reducing slice reads row 1 of the middle dim instead of row 2.
func.func @f(%t: tensor<2x3x4xf32>) -> tensor<1x4xf32> {
  %s = tensor.extract_slice %t[1, 2, 0] [1, 1, 4] [1, 1, 1] : tensor<2x3x4xf32> to tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}
