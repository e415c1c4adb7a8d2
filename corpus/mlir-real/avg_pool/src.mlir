// tools/mlir_real.py: avg_pool, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module @jit_avg_pool {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>) -> tensor<1x3x3x3xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x2xf32>
    %1 = tensor.empty() : tensor<1x3x3x3xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
    %3 = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%arg0, %0 : tensor<1x6x6x3xf32>, tensor<2x2xf32>) outs(%2 : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
    %4 = tensor.empty() : tensor<1x3x3x3xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x3x3x3xf32>) outs(%4 : tensor<1x3x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.divf %in, %cst_0 : f32
      linalg.yield %6 : f32
    } -> tensor<1x3x3x3xf32>
    return %5 : tensor<1x3x3x3xf32>
  }
}

