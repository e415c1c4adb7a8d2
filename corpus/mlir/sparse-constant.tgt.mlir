func.func @f() -> tensor<2x2xi32> {
  %0 = arith.constant dense<[[7, 7], [8, 8]]> : tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
