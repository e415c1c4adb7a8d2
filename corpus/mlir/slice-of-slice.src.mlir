// expect: verified
func.func @f(%t: tensor<16x8xf32>) -> tensor<2x3xf32> {
  %a = tensor.extract_slice %t[2, 1] [10, 6] [1, 1] : tensor<16x8xf32> to tensor<10x6xf32>
  %b = tensor.extract_slice %a[3, 2] [2, 3] [1, 1] : tensor<10x6xf32> to tensor<2x3xf32>
  return %b : tensor<2x3xf32>
}
