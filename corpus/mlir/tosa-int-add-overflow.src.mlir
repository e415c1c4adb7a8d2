// expect: unknown
// Integer overflow of tosa.add is only REQUIREd away by the TOSA spec: unsure, not UB.
func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "tosa.add"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
