// expect: verified
// Integer overflow of tosa.add is REQUIREd away by the TOSA spec (the result is unpredictable):
// UB per element, so the wrapping arith.addi refines it.
func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tosa.add"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
