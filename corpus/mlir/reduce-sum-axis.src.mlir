// expect: verified
// tosa.reduce_sum over axis 1 is reduce_sum over axis 0 of the transpose: the same summands in
// the same order.
func.func @f(%t: tensor<3x4xf32>) -> tensor<3xf32> {
  %0 = "tosa.reduce_sum"(%t) {axis = 1 : i32} : (tensor<3x4xf32>) -> tensor<3x1xf32>
  %r = tensor.collapse_shape %0 [[0, 1]] : tensor<3x1xf32> into tensor<3xf32>
  return %r : tensor<3xf32>
}
