func.func @f() -> (tensor<1xf32>, tensor<3xf32>) {
  %r = arith.constant dense<[3.0]> : tensor<1xf32>
  %n = arith.constant dense<[-1.0, 2.0, -0.0]> : tensor<3xf32>
  return %r, %n : tensor<1xf32>, tensor<3xf32>
}
