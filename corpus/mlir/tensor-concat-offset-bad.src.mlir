// expect: refuted
// tensor.concat along dim 1 whose decomposition places the third operand one column early
// (offset `dim + 1` for `dim + 2`): the last column is never written and the second operand's
// last column is overwritten: refuted, replayed.
func.func @f(%a: tensor<3x2xf32>, %b: tensor<3x?xf32>, %c: tensor<3x4xf32>) -> tensor<3x?xf32> {
  %0 = tensor.concat dim(1) %a, %b, %c : (tensor<3x2xf32>, tensor<3x?xf32>, tensor<3x4xf32>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}
