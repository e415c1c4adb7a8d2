func.func @f(%v: tensor<8x9xf32>, %a: index, %b: index) -> tensor<2x3xf32> {
  %r = tensor.extract_slice %v[%a, %b] [2, 3] [2, 2] : tensor<8x9xf32> to tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
