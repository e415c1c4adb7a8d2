func.func @f(%v: tensor<1x3x2xf32>, %i: tensor<1x2xi32>) -> tensor<1x3x2xf32> {
  %0 = "tosa.gather"(%v, %i) : (tensor<1x3x2xf32>, tensor<1x2xi32>) -> tensor<1x2x2xf32>
  return %v : tensor<1x3x2xf32>
}
