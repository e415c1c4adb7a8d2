func.func @f(%a: tensor<3x5xi32>) -> tensor<3x5xi32> {
  return %a : tensor<3x5xi32>
}
