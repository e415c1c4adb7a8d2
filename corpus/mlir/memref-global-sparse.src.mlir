// expect: verified
// A constant global initialized by a sparse literal holds the same tensor as the arith
// constant it was bufferized from (unlisted elements zero).
func.func @f() -> tensor<3x4xi32> {
  %c = arith.constant sparse<[[0, 1], [2, 3]], [7, -2]> : tensor<3x4xi32>
  return %c : tensor<3x4xi32>
}
