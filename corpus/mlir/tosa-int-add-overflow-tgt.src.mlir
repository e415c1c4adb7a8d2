// expect: refuted
// The target turns a wrapping arith.addi into tosa.add, whose i32 overflow is UB (the TOSA
// spec's REQUIRE): UB where the source is defined.
func.func @f(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = arith.addi %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}
