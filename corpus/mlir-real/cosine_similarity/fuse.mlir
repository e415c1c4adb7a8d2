// tools/mlir_real.py: cosine_similarity, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
module @jit_cosine_similarity {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 9.99999993E-9 : f32
    %0 = tensor.empty() : tensor<4xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %11 = arith.mulf %in, %in_1 : f32
      %12 = arith.addf %out, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<4xf32>
    %3 = tensor.empty() : tensor<4xf32>
    %4 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%3 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%4 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %in : f32
      %12 = arith.addf %out, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<4xf32>
    %6 = tensor.empty() : tensor<4xf32>
    %7 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%6 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg1 : tensor<4x8xf32>) outs(%7 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %in : f32
      %12 = arith.addf %out, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<4xf32>
    %9 = tensor.empty() : tensor<4xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%2, %5, %8 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%9 : tensor<4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %in_2: f32, %out: f32):
      %11 = math.sqrt %in_2 : f32
      %12 = math.sqrt %in_1 : f32
      %13 = arith.mulf %12, %11 : f32
      %14 = arith.addf %13, %cst_0 : f32
      %15 = arith.divf %in, %14 : f32
      linalg.yield %15 : f32
    } -> tensor<4xf32>
    return %10 : tensor<4xf32>
  }
}

