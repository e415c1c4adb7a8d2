// expect: refuted
// tosa.matmul on i8 into i32 whose lowering reads the second operand transposed
// (linalg.batch_matmul_transpose_b on a square operand): refuted, replayed.
func.func @f(%a: tensor<2x4x4xi8>, %b: tensor<2x4x4xi8>) -> tensor<2x4x4xi32> {
  %0 = tosa.matmul %a, %b {a_zp = 0 : i32, b_zp = 0 : i32} : (tensor<2x4x4xi8>, tensor<2x4x4xi8>) -> tensor<2x4x4xi32>
  return %0 : tensor<2x4x4xi32>
}
