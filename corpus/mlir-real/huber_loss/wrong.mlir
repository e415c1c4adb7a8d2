// tools/mlir_real.py: huber_loss, canonicalize step with arith.divf -> arith.mulf at line 29
#map = affine_map<() -> ()>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
module @jit_huber_loss {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 3.200000e+01 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = []} outs(%0 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<f32>
    %2 = linalg.generic {indexing_maps = [#map1, #map1, #map2], iterator_types = ["reduction", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%1 : tensor<f32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %4 = arith.subf %in, %in_3 : f32
      %5 = math.absf %4 : f32
      %6 = arith.subf %5, %cst_1 : f32
      %7 = arith.mulf %5, %cst_1 : f32
      %8 = arith.mulf %7, %5 : f32
      %9 = arith.cmpf olt, %5, %cst_2 : f32
      %10 = arith.select %9, %8, %6 : f32
      %11 = arith.addf %out, %10 : f32
      linalg.yield %11 : f32
    } -> tensor<f32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = []} ins(%2 : tensor<f32>) outs(%0 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.mulf %in, %cst_0 : f32
      linalg.yield %4 : f32
    } -> tensor<f32>
    return %3 : tensor<f32>
  }
}

