// expect: refuted
// A sum pool whose window starts one column late.
func.func @f(%i: tensor<1x4x5x2xi32>, %w: tensor<2x2xi32>, %o: tensor<1x3x3x2xi32>) -> tensor<1x3x3x2xi32> {
  %0 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x4x5x2xi32>, tensor<2x2xi32>) outs(%o : tensor<1x3x3x2xi32>) -> tensor<1x3x3x2xi32>
  return %0 : tensor<1x3x3x2xi32>
}
