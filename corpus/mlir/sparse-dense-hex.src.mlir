// expect: verified
// A sparse constant, its dense list, and its hex payload are the same tensor.
func.func @f() -> (tensor<2x2xi32>, tensor<2xf32>) {
  %0 = arith.constant sparse<[[0, 1], [1, 0]], [7, -1]> : tensor<2x2xi32>
  %1 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  return %0, %1 : tensor<2x2xi32>, tensor<2xf32>
}
