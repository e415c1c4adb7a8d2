// expect: refuted
// concat is not commutative; reverse of a concat is the concat of the reverses, swapped.
func.func @f(%a: tensor<2xi32>, %b: tensor<3xi32>) -> tensor<5xi32> {
  %c = "tosa.concat"(%a, %b) {axis = 0 : i32} : (tensor<2xi32>, tensor<3xi32>) -> tensor<5xi32>
  %r = "tosa.reverse"(%c) {axis = 0 : i32} : (tensor<5xi32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}
