func.func @f(%t: tensor<4xf32>, %i: index) -> f32 {
  %x = tensor.extract %t[%i] : tensor<4xf32>
  return %x : f32
}
