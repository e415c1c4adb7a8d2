// expect: verified
// tosa.mul with `shift = 1` on i32 (times a constant 3): the product (in 64 bits) plus the rounding bit, shifted
// right by one (the TOSA spec's apply_scale with a shift; a result outside i32 is a REQUIRE,
// UB here), written out with arith ops.
func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {
  %b = "tosa.const"() <{value = dense<3> : tensor<4xi32>}> : () -> tensor<4xi32>
  %0 = tosa.mul %a, %b {shift = 1 : i8} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
