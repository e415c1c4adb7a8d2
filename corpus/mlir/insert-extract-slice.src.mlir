// expect: verified
// Extracting the slice just inserted gives the inserted tensor (strided).
func.func @f(%d: tensor<10x10xi32>, %s: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %u = tensor.insert_slice %s into %d[1, 2] [3, 2] [2, 3] : tensor<3x2xi32> into tensor<10x10xi32>
  %r = tensor.extract_slice %u[1, 2] [3, 2] [2, 3] : tensor<10x10xi32> to tensor<3x2xi32>
  return %r : tensor<3x2xi32>
}
