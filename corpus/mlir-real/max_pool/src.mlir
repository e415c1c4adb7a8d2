// tools/mlir_real.py: max_pool, IREE input (linalg on tensors), util.func renamed
module @jit_max_pool {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>) -> tensor<1x3x3x3xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<2x2xf32>
    %1 = tensor.empty() : tensor<1x3x3x3xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
    %3 = linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %0 : tensor<1x6x6x3xf32>, tensor<2x2xf32>) outs(%2 : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
    return %3 : tensor<1x3x3x3xf32>
  }
}

