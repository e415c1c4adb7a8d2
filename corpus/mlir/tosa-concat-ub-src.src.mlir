// expect: verified
// tosa.concat operands whose other dims differ are the TOSA spec's ERROR_IF: UB. Where the
// source is defined, %a and %b have the same number of columns.
func.func @f(%a: tensor<2x?xf32>, %b: tensor<3x?xf32>) -> i1 {
  %0 = "tosa.concat"(%a, %b) {axis = 0 : i32} : (tensor<2x?xf32>, tensor<3x?xf32>) -> tensor<5x?xf32>
  %c1 = arith.constant 1 : index
  %da = tensor.dim %a, %c1 : tensor<2x?xf32>
  %db = tensor.dim %b, %c1 : tensor<3x?xf32>
  %ok = arith.cmpi eq, %da, %db : index
  return %ok : i1
}
