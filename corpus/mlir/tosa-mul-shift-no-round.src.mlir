// expect: refuted
// tosa.mul with `shift = 1` read as a plain shift of the product: the rounding bit is lost (times a constant 3)
func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {
  %b = "tosa.const"() <{value = dense<3> : tensor<4xi32>}> : () -> tensor<4xi32>
  %0 = tosa.mul %a, %b {shift = 1 : i8} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
