func.func private @h(tensor<3x4xf32>) -> tensor<?xf32>
func.func @f(%t: tensor<3x4xf32>, %x: f32) -> tensor<?xf32> {
  %c2 = arith.constant 2 : index
  %u = tensor.insert %x into %t[%c2, %c2] : tensor<3x4xf32>
  %r = func.call @h(%u) : (tensor<3x4xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
