func.func @f(%t: tensor<3xf32>) -> tensor<3xf32> {
  %one = arith.constant dense<1.0> : tensor<3xf32>
  %0 = arith.divf %t, %one : tensor<3xf32>
  return %0 : tensor<3xf32>
}
