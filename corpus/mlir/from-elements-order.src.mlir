// expect: refuted
// from_elements fills in row-major order, not column-major.
func.func @f(%a: i32, %b: i32, %c: i32, %d: i32) -> tensor<2x2xi32> {
  %t = tensor.from_elements %a, %b, %c, %d : tensor<2x2xi32>
  return %t : tensor<2x2xi32>
}
