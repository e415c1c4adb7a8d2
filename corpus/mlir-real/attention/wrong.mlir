// tools/mlir_real.py: attention, canonicalize step with arith.subf -> arith.addf at line 42
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0) -> (d0)>
#map5 = affine_map<(d0, d1) -> (d0)>
#map6 = affine_map<(d0, d1, d2) -> (d0)>
#map7 = affine_map<(d0, d1, d2) -> (d2, d1)>
module @jit_attention {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 2.82842708 : f32
    %0 = tensor.empty() : tensor<4x4xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<4x4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<4x4xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%1 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %13 = arith.mulf %in, %in_2 : f32
      %14 = arith.addf %out, %13 : f32
      linalg.yield %14 : f32
    } -> tensor<4x4xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.divf %in, %cst_1 : f32
      linalg.yield %13 : f32
    } -> tensor<4x4xf32>
    %4 = tensor.empty() : tensor<4xf32>
    %5 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel"]} outs(%4 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "reduction"]} ins(%3 : tensor<4x4xf32>) outs(%5 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.maximumf %out, %in : f32
      linalg.yield %13 : f32
    } -> tensor<4xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %6 : tensor<4x4xf32>, tensor<4xf32>) outs(%0 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %13 = arith.addf %in, %in_2 : f32
      %14 = math.exp %13 : f32
      linalg.yield %14 : f32
    } -> tensor<4x4xf32>
    %8 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel"]} outs(%4 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<4xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<4x4xf32>) outs(%8 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.addf %out, %in : f32
      linalg.yield %13 : f32
    } -> tensor<4xf32>
    %10 = tensor.empty() : tensor<4x8xf32>
    %11 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%10 : tensor<4x8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<4x8xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map6, #map7, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7, %9, %arg2 : tensor<4x4xf32>, tensor<4xf32>, tensor<4x8xf32>) outs(%11 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
      %13 = arith.divf %in, %in_2 : f32
      %14 = arith.mulf %13, %in_3 : f32
      %15 = arith.addf %out, %14 : f32
      linalg.yield %15 : f32
    } -> tensor<4x8xf32>
    return %12 : tensor<4x8xf32>
  }
}

