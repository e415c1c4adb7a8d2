// tools/mlir_real.py: cross_entropy, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, 0)>
module @jit_cross_entropy {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<4xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.maximumf %out, %in : f32
      linalg.yield %13 : f32
    } -> tensor<4xf32>
    %3 = tensor.empty() : tensor<4x8xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2 : tensor<4x8xf32>, tensor<4xf32>) outs(%3 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %13 = arith.subf %in, %in_1 : f32
      linalg.yield %13 : f32
    } -> tensor<4x8xf32>
    %5 = tensor.empty() : tensor<4x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel"]} outs(%5 : tensor<4x1xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4x1xf32>
    %expanded = tensor.expand_shape %4 [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
    %7 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded : tensor<4x1x8xf32>) outs(%6 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = math.exp %in : f32
      %14 = arith.addf %out, %13 : f32
      linalg.yield %14 : f32
    } -> tensor<4x1xf32>
    %8 = tensor.empty() : tensor<4xf32>
    %9 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%8 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1, #map5, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg1, %4, %7 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x1xf32>) outs(%9 : tensor<4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %in_2: f32, %out: f32):
      %13 = math.log %in_2 : f32
      %14 = arith.subf %in_1, %13 : f32
      %15 = arith.mulf %in, %14 : f32
      %16 = arith.addf %out, %15 : f32
      linalg.yield %16 : f32
    } -> tensor<4xf32>
    %11 = tensor.empty() : tensor<4xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%10 : tensor<4xf32>) outs(%11 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.negf %in : f32
      linalg.yield %13 : f32
    } -> tensor<4xf32>
    return %12 : tensor<4xf32>
  }
}

