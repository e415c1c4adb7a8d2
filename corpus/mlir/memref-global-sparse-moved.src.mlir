// expect: refuted
// The global lists its value at another index than the constant: element [2, 3] differs.
func.func @f() -> tensor<3x4xi32> {
  %c = arith.constant sparse<[[0, 1], [2, 3]], [7, -2]> : tensor<3x4xi32>
  return %c : tensor<3x4xi32>
}
