func.func @f(%t: tensor<2x3x4xf32>, %u: tensor<2x3x4xf32>) -> (tensor<1x4xf32>, tensor<2x3x4xf32>) {
  %s3 = tensor.extract_slice %t[1, 2, 0] [1, 1, 4] [1, 1, 1] : tensor<2x3x4xf32> to tensor<1x1x4xf32>
  %s = tensor.collapse_shape %s3 [[0, 1], [2]] : tensor<1x1x4xf32> into tensor<1x4xf32>
  %i = tensor.insert_slice %s3 into %u[0, 1, 0] [1, 1, 4] [1, 1, 1] : tensor<1x1x4xf32> into tensor<2x3x4xf32>
  return %s, %i : tensor<1x4xf32>, tensor<2x3x4xf32>
}
