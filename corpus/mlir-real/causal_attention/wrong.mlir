// tools/mlir_real.py: causal_attention, canonicalize step with arith.mulf -> arith.addf at line 35
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0) -> (d0)>
#map5 = affine_map<(d0, d1) -> (d0)>
#map6 = affine_map<(d0, d1) -> (d1)>
#map7 = affine_map<(d0, d1, d2) -> (d0)>
#map8 = affine_map<(d0, d1, d2) -> (d2, d1)>
module @jit_causal_attention {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.353553385 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<4x4xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<4x4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<4x4xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%1 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %15 = arith.mulf %in, %in_2 : f32
      %16 = arith.addf %out, %15 : f32
      linalg.yield %16 : f32
    } -> tensor<4x4xf32>
    %3 = tensor.empty() : tensor<4xi32>
    %4 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel"]} outs(%3 : tensor<4xi32>) {
    ^bb0(%out: i32):
      %15 = linalg.index 0 : index
      %16 = arith.index_cast %15 : index to i32
      linalg.yield %16 : i32
    } -> tensor<4xi32>
    %5 = linalg.generic {indexing_maps = [#map5, #map6, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %4, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
    ^bb0(%in: i32, %in_2: i32, %in_3: f32, %out: f32):
      %15 = arith.addf %in_3, %cst : f32
      %16 = arith.cmpi sge, %in, %in_2 : i32
      %17 = arith.select %16, %15, %cst_1 : f32
      linalg.yield %17 : f32
    } -> tensor<4x4xf32>
    %6 = tensor.empty() : tensor<4xf32>
    %7 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel"]} outs(%6 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_1 : f32
    } -> tensor<4xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "reduction"]} ins(%5 : tensor<4x4xf32>) outs(%7 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.maximumf %out, %in : f32
      linalg.yield %15 : f32
    } -> tensor<4xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %8 : tensor<4x4xf32>, tensor<4xf32>) outs(%0 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %15 = arith.subf %in, %in_2 : f32
      %16 = math.exp %15 : f32
      linalg.yield %16 : f32
    } -> tensor<4x4xf32>
    %10 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel"]} outs(%6 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<4xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map5], iterator_types = ["parallel", "reduction"]} ins(%9 : tensor<4x4xf32>) outs(%10 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.addf %out, %in : f32
      linalg.yield %15 : f32
    } -> tensor<4xf32>
    %12 = tensor.empty() : tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%12 : tensor<4x8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<4x8xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map7, #map8, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9, %11, %arg2 : tensor<4x4xf32>, tensor<4xf32>, tensor<4x8xf32>) outs(%13 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %out: f32):
      %15 = arith.divf %in, %in_2 : f32
      %16 = arith.mulf %15, %in_3 : f32
      %17 = arith.addf %out, %16 : f32
      linalg.yield %17 : f32
    } -> tensor<4x8xf32>
    return %14 : tensor<4x8xf32>
  }
}

