// expect: verified
func.func @f(%t: tensor<?xi8>, %v: i8, %i: index) -> i8 {
  %u = tensor.insert %v into %t[%i] : tensor<?xi8>
  %r = tensor.extract %u[%i] : tensor<?xi8>
  return %r : i8
}
