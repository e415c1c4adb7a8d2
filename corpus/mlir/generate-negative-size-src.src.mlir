// expect: verified
// A tensor of negative size does not exist: tensor.empty(%n) is UB for a negative %n, so the
// target may return anything there (here max(%n, 0)).
func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %t = tensor.empty(%n) : tensor<?xf32>
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  return %d : index
}
