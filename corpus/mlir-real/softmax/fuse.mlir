// tools/mlir_real.py: softmax, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
module @jit_softmax {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<4xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.maximumf %out, %in : f32
      linalg.yield %10 : f32
    } -> tensor<4xf32>
    %3 = tensor.empty() : tensor<4x8xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2 : tensor<4x8xf32>, tensor<4xf32>) outs(%3 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %10 = arith.subf %in, %in_1 : f32
      %11 = math.exp %10 : f32
      linalg.yield %11 : f32
    } -> tensor<4x8xf32>
    %5 = tensor.empty() : tensor<4xf32>
    %6 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%5 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<4x8xf32>) outs(%6 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.addf %out, %in : f32
      linalg.yield %10 : f32
    } -> tensor<4xf32>
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%4, %7 : tensor<4x8xf32>, tensor<4xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %10 = arith.divf %in, %in_1 : f32
      linalg.yield %10 : f32
    } -> tensor<4x8xf32>
    return %9 : tensor<4x8xf32>
  }
}

