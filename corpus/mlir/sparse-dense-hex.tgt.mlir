func.func @f() -> (tensor<2x2xi32>, tensor<2xf32>) {
  %0 = arith.constant dense<"0x0000000007000000FFFFFFFF00000000"> : tensor<2x2xi32>
  %1 = "tosa.const"() {value = dense<"0x0000803F00000040"> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0, %1 : tensor<2x2xi32>, tensor<2xf32>
}
