func.func @f(%t: tensor<4xi8>, %v: i8) -> tensor<4xi8> {
  return %t : tensor<4xi8>
}
