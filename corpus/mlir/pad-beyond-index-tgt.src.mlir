// expect: refuted
// The target pads to a size that can exceed 2^63 - 1 (UB) where the source just adds.
func.func @f(%t: tensor<?xf32>, %h0: index) -> index {
  %c0 = arith.constant 0 : index
  %hp = arith.maxsi %h0, %c0 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %d = arith.addi %n, %hp : index
  return %d : index
}
