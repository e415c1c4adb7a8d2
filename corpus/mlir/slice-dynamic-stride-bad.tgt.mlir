func.func @f(%v: tensor<8xf32>, %a: index) -> tensor<3xf32> {
  %s = tensor.extract_slice %v[%a] [3] [1] : tensor<8xf32> to tensor<3xf32>
  return %s : tensor<3xf32>
}
