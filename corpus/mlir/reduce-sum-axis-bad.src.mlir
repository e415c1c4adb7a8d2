// expect: refuted
// tosa.reduce_sum over the wrong axis. TOSA leaves the order of the float accumulation open,
// so the refutation needs an input whose sums are exact in every order (small integers).
func.func @f(%t: tensor<3x3xf32>) -> tensor<3xf32> {
  %0 = "tosa.reduce_sum"(%t) {axis = 1 : i32} : (tensor<3x3xf32>) -> tensor<3x1xf32>
  %r = tensor.collapse_shape %0 [[0, 1]] : tensor<3x1xf32> into tensor<3xf32>
  return %r : tensor<3xf32>
}
