// tools/mlir_real.py: mse_loss, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<() -> ()>
module @jit_mse_loss {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %cst = arith.constant 3.200000e+01 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %9 = arith.subf %in, %in_1 : f32
      linalg.yield %9 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x8xf32>) outs(%2 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.mulf %in, %in : f32
      linalg.yield %9 : f32
    } -> tensor<4x8xf32>
    %4 = tensor.empty() : tensor<f32>
    %5 = linalg.fill ins(%cst_0 : f32) outs(%4 : tensor<f32>) -> tensor<f32>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction"]} ins(%3 : tensor<4x8xf32>) outs(%5 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.addf %out, %in : f32
      linalg.yield %9 : f32
    } -> tensor<f32>
    %7 = tensor.empty() : tensor<f32>
    %8 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%6 : tensor<f32>) outs(%7 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %9 = arith.divf %in, %cst : f32
      linalg.yield %9 : f32
    } -> tensor<f32>
    return %8 : tensor<f32>
  }
}

