// expect: refuted
func.func @f(%t: tensor<4xi8>, %v: i8) -> tensor<4xi8> {
  %c1 = arith.constant 1 : index
  %u = tensor.insert %v into %t[%c1] : tensor<4xi8>
  return %u : tensor<4xi8>
}
