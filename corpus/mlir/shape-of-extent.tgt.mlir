func.func @f(%x: tensor<?x3xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : tensor<?x3xf32>
  return %n, %c3 : index, index
}
