// expect: refuted
// The target's body reads %t[n - i] instead of %t[n - 1 - i]: out of bounds at the first loop
// point only, which is undefined behaviour of the whole op (the source has none).
func.func @f(%t: tensor<?xi32>) -> tensor<?xi32> {
  %r = "tosa.reverse"(%t) {axis = 0 : i32} : (tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}
