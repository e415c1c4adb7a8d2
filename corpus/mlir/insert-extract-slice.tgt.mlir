func.func @f(%d: tensor<10x10xi32>, %s: tensor<3x2xi32>) -> tensor<3x2xi32> {
  return %s : tensor<3x2xi32>
}
