func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.subf %b, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
