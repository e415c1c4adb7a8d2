func.func @f(%t: tensor<3x4xf32>) -> tensor<3xf32> {
  %p = "tosa.const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %tt = "tosa.transpose"(%t, %p) : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  %0 = "tosa.reduce_sum"(%tt) {axis = 0 : i32} : (tensor<4x3xf32>) -> tensor<1x3xf32>
  %r = tensor.collapse_shape %0 [[0, 1]] : tensor<1x3xf32> into tensor<3xf32>
  return %r : tensor<3xf32>
}
