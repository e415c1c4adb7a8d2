// expect: verified
// tosa.gather with values and indices of different batch sizes is the TOSA spec's ERROR_IF:
// UB. Where the source is defined, the batch sizes agree (the indices are empty: no index
// can leave the values).
func.func @f(%v: tensor<?x3x2xf32>, %i: tensor<?x0xi32>) -> i1 {
  %0 = "tosa.gather"(%v, %i) : (tensor<?x3x2xf32>, tensor<?x0xi32>) -> tensor<?x0x2xf32>
  %c0 = arith.constant 0 : index
  %dv = tensor.dim %v, %c0 : tensor<?x3x2xf32>
  %di = tensor.dim %i, %c0 : tensor<?x0xi32>
  %ok = arith.cmpi eq, %dv, %di : index
  return %ok : i1
}
