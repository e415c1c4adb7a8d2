func.func @f(%t: tensor<2x3x4xf32>) -> tensor<1x4xf32> {
  %s = tensor.extract_slice %t[1, 1, 0] [1, 1, 4] [1, 1, 1] : tensor<2x3x4xf32> to tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}
