func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = arith.minimumf %b, %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}
