// expect: refuted
// Unlisted elements of a sparse constant are zero, not the last listed value.
func.func @f() -> tensor<2x2xi32> {
  %0 = arith.constant sparse<[[0, 0], [1, 0]], [7, 8]> : tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
