// expect: refuted
// tosa.reciprocal is 1.0 / x, not x / 1.0 (which is x).
func.func @f(%t: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tosa.reciprocal"(%t) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
