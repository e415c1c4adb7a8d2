func.func @f(%x: tensor<?xf32>) -> index {
  %c4 = arith.constant 4 : index
  return %c4 : index
}
