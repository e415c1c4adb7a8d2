func.func @f(%x: tensor<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  return %n : index
}
