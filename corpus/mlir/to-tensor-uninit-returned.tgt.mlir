func.func @f(%v: f32) -> tensor<2xf32> {
  %t = tensor.from_elements %v, %v : tensor<2xf32>
  return %t : tensor<2xf32>
}
