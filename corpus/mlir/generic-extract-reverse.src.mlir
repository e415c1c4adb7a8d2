// expect: verified
// A linalg.generic body reading another tensor with tensor.extract at indices computed from
// linalg.index (n - 1 - i: always in bounds): tosa.reverse as tosa-to-linalg lowers it.
func.func @f(%t: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %r = "tosa.reverse"(%t) {axis = 0 : i32} : (tensor<?x3xi32>) -> tensor<?x3xi32>
  return %r : tensor<?x3xi32>
}
