// expect: refuted
// Matrix multiplication does not commute: A*B is not B*A.
func.func @f(%A: tensor<3x3xf32>, %B: tensor<3x3xf32>, %C: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<3x3xf32>, tensor<3x3xf32>) outs(%C : tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
