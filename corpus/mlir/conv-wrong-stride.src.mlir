// expect: refuted
// The generic form with the row stride 1 instead of 2 reads other pixels.
func.func @f(%i: tensor<1x7x9x2xf32>, %w: tensor<2x2x2x3xf32>, %o: tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>} ins(%i, %w : tensor<1x7x9x2xf32>, tensor<2x2x2x3xf32>) outs(%o : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}
