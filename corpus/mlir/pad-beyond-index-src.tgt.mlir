func.func @f(%t: tensor<?xf32>, %h0: index) -> index {
  %c0 = arith.constant 0 : index
  %hp = arith.maxsi %h0, %c0 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %d = arith.addi %n, %hp : index
  return %d : index
}
