// expect: verified
// linalg.matmul against a generic that numbers its loops differently (k first) and writes the
// product with its operands swapped: the same sum in the same order.
func.func @f(%A: tensor<4x3xi32>, %B: tensor<3x5xi32>, %C: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %0 = linalg.matmul ins(%A, %B : tensor<4x3xi32>, tensor<3x5xi32>) outs(%C : tensor<4x5xi32>) -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}
