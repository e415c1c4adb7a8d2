// expect: verified
// A tosa.slice leaving its operand is the TOSA spec's ERROR_IF: UB. Where the source is
// defined, %a has at least 4 elements.
func.func @f(%a: tensor<?xf32>) -> i1 {
  %0 = "tosa.slice"(%a) {start = array<i64: 0>, size = array<i64: 4>} : (tensor<?xf32>) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %ok = arith.cmpi uge, %d, %c4 : index
  return %ok : i1
}
