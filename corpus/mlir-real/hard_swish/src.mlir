// tools/mlir_real.py: hard_swish, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_hard_swish {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 6.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 3.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.addf %in, %cst_1 : f32
      linalg.yield %10 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x8xf32>) outs(%2 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %10 : f32
    } -> tensor<4x8xf32>
    %4 = tensor.empty() : tensor<4x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x8xf32>) outs(%4 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.minimumf %in, %cst : f32
      linalg.yield %10 : f32
    } -> tensor<4x8xf32>
    %6 = tensor.empty() : tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %5 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%6 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %10 = arith.mulf %in, %in_2 : f32
      linalg.yield %10 : f32
    } -> tensor<4x8xf32>
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.divf %in, %cst : f32
      linalg.yield %10 : f32
    } -> tensor<4x8xf32>
    return %9 : tensor<4x8xf32>
  }
}

