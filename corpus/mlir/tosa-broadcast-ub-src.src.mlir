// expect: verified
// Operand shapes that do not broadcast are the TOSA spec's ERROR_IF: UB. Where the source is
// defined, the dynamic dim of %a is 1 or 4.
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> i1 {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %ok = arith.cmpi ult, %d, %c5 : index
  return %ok : i1
}
