// expect: verified
// Broadcasting a unit dim is tiling it; two transposes by inverse permutations cancel.
func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "tosa.add"(%a, %b) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %p = "tosa.const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %t = "tosa.transpose"(%a, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %1 = "tosa.transpose"(%t, %p) : (tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
