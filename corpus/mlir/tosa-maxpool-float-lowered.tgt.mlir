func.func @f(%x: tensor<1x3x3x1xf32>) -> tensor<1x1x1x1xf32> {
  %cst = arith.constant -3.40282347E+38 : f32
  %e = tensor.empty() : tensor<1x1x1x1xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x3x3x1xf32>, tensor<3x3xf32>) outs(%f : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  return %r : tensor<1x1x1x1xf32>
}
