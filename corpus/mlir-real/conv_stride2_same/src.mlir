// tools/mlir_real.py: conv_stride2_same, IREE input (linalg on tensors), util.func renamed
module @jit_conv_stride2_same {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x3x3x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
    %padded = tensor.pad %arg0 low[0, 0, 0, 0] high[0, 1, 1, 0] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      tensor.yield %cst : f32
    } : tensor<1x6x6x3xf32> to tensor<1x7x7x3xf32>
    %2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%padded, %arg1 : tensor<1x7x7x3xf32>, tensor<3x3x3x4xf32>) outs(%1 : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
    return %2 : tensor<1x3x3x4xf32>
  }
}

