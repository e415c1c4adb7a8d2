func.func @f(%s: tensor<?xf32>, %t: tensor<8xf32>) -> index {
  %c4 = arith.constant 4 : index
  return %c4 : index
}
