// tools/mlir_real.py: sigmoid_bce, canonicalize step with arith.divf -> arith.mulf at line 28
#map = affine_map<() -> ()>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
module @jit_sigmoid_bce {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %cst = arith.constant 3.200000e+01 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = []} outs(%0 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<f32>
    %2 = linalg.generic {indexing_maps = [#map1, #map1, #map2], iterator_types = ["reduction", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%1 : tensor<f32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %4 = math.absf %in : f32
      %5 = arith.negf %4 : f32
      %6 = math.exp %5 : f32
      %7 = math.log1p %6 : f32
      %8 = arith.mulf %in, %in_1 : f32
      %9 = arith.maximumf %in, %cst_0 : f32
      %10 = arith.subf %9, %8 : f32
      %11 = arith.addf %10, %7 : f32
      %12 = arith.addf %out, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<f32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%2 : tensor<f32>) outs(%0 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.mulf %in, %cst : f32
      linalg.yield %4 : f32
    } -> tensor<f32>
    return %3 : tensor<f32>
  }
}

