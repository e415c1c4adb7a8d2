func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %y = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
  %z = tensor.cast %y : tensor<4xf32> to tensor<?xf32>
  return %z : tensor<?xf32>
}
