// expect: verified
// The reverse of a concat is the concat of the reverses in the other order; a reshape to
// the same row-major order and back is the identity; a slice of a concat is its operand.
func.func @f(%a: tensor<2xi32>, %b: tensor<3xi32>) -> (tensor<5xi32>, tensor<3xi32>) {
  %c = "tosa.concat"(%a, %b) {axis = 0 : i32} : (tensor<2xi32>, tensor<3xi32>) -> tensor<5xi32>
  %r = "tosa.reverse"(%c) {axis = 0 : i32} : (tensor<5xi32>) -> tensor<5xi32>
  %s = "tosa.slice"(%c) {start = array<i64: 2>, size = array<i64: 3>} : (tensor<5xi32>) -> tensor<3xi32>
  return %r, %s : tensor<5xi32>, tensor<3xi32>
}
