// tools/mlir_real.py: leaky_relu, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_leaky_relu {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.00999999977 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %6 = arith.cmpf oge, %in, %cst_0 : f32
      linalg.yield %6 : i1
    } -> tensor<4x8xi1>
    %2 = tensor.empty() : tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%2 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.mulf %in, %cst : f32
      linalg.yield %6 : f32
    } -> tensor<4x8xf32>
    %4 = tensor.empty() : tensor<4x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %arg0, %3 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%4 : tensor<4x8xf32>) {
    ^bb0(%in: i1, %in_1: f32, %in_2: f32, %out: f32):
      %6 = arith.select %in, %in_1, %in_2 : f32
      linalg.yield %6 : f32
    } -> tensor<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}

