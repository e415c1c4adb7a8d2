func.func @f(%t: tensor<3x3xf32>) -> tensor<3xf32> {
  %0 = "tosa.reduce_sum"(%t) {axis = 0 : i32} : (tensor<3x3xf32>) -> tensor<1x3xf32>
  %r = tensor.collapse_shape %0 [[0, 1]] : tensor<1x3xf32> into tensor<3xf32>
  return %r : tensor<3xf32>
}
