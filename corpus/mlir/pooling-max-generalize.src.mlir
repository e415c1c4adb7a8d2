// expect: verified
// linalg.pooling_nhwc_max is the generic reduction with arith.maximumf that
// `mlir-opt-19 --linalg-generalize-named-ops` prints.
func.func @f(%i: tensor<1x5x5x3xf32>, %o: tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32> {
  %w = tensor.empty() : tensor<3x3xf32>
  %0 = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%i, %w : tensor<1x5x5x3xf32>, tensor<3x3xf32>) outs(%o : tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}
