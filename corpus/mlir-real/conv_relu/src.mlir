// tools/mlir_real.py: conv_relu, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module @jit_conv_relu {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x4x4x4xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
    %2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) outs(%1 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
    %3 = tensor.empty() : tensor<1x4x4x4xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<1x4x4x4xf32>) outs(%3 : tensor<1x4x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.maximumf %in, %cst : f32
      linalg.yield %5 : f32
    } -> tensor<1x4x4x4xf32>
    return %4 : tensor<1x4x4x4xf32>
  }
}

