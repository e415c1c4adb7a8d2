func.func @f(%x: tensor<1x4x4x2xi32>) -> tensor<1x2x2x2xi32> {
  %min = arith.constant -2147483648 : i32
  %zero = arith.constant 0 : i32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 0, 0, 0] {
  ^bb0(%a: index, %b: index, %c: index, %e: index):
    tensor.yield %zero : i32
  } : tensor<1x4x4x2xi32> to tensor<1x5x5x2xi32>
  %e0 = tensor.empty() : tensor<1x2x2x2xi32>
  %f = linalg.fill ins(%min : i32) outs(%e0 : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %w = tensor.empty() : tensor<3x3xi32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x5x5x2xi32>, tensor<3x3xi32>) outs(%f : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  return %r : tensor<1x2x2x2xi32>
}
