func.func @f(%s: tensor<?xf32>, %t: tensor<8xf32>) -> tensor<8xf32> {
  %r = tensor.insert_slice %s into %t[0] [4] [1] : tensor<?xf32> into tensor<8xf32>
  return %t : tensor<8xf32>
}
