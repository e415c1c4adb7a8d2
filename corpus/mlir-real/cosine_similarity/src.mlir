// tools/mlir_real.py: cosine_similarity, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
module @jit_cosine_similarity {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4xf32> {
    %cst = arith.constant 9.99999993E-9 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %25 = arith.mulf %in, %in_1 : f32
      linalg.yield %25 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4xf32>
    %3 = linalg.fill ins(%cst_0 : f32) outs(%2 : tensor<4xf32>) -> tensor<4xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<4x8xf32>) outs(%3 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.addf %out, %in : f32
      linalg.yield %25 : f32
    } -> tensor<4xf32>
    %5 = tensor.empty() : tensor<4x8xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%5 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.mulf %in, %in : f32
      linalg.yield %25 : f32
    } -> tensor<4x8xf32>
    %7 = tensor.empty() : tensor<4xf32>
    %8 = linalg.fill ins(%cst_0 : f32) outs(%7 : tensor<4xf32>) -> tensor<4xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%6 : tensor<4x8xf32>) outs(%8 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.addf %out, %in : f32
      linalg.yield %25 : f32
    } -> tensor<4xf32>
    %10 = tensor.empty() : tensor<4xf32>
    %11 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%9 : tensor<4xf32>) outs(%10 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.sqrt %in : f32
      linalg.yield %25 : f32
    } -> tensor<4xf32>
    %12 = tensor.empty() : tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<4x8xf32>) outs(%12 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.mulf %in, %in : f32
      linalg.yield %25 : f32
    } -> tensor<4x8xf32>
    %14 = tensor.empty() : tensor<4xf32>
    %15 = linalg.fill ins(%cst_0 : f32) outs(%14 : tensor<4xf32>) -> tensor<4xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%13 : tensor<4x8xf32>) outs(%15 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.addf %out, %in : f32
      linalg.yield %25 : f32
    } -> tensor<4xf32>
    %17 = tensor.empty() : tensor<4xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%16 : tensor<4xf32>) outs(%17 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.sqrt %in : f32
      linalg.yield %25 : f32
    } -> tensor<4xf32>
    %19 = tensor.empty() : tensor<4xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%11, %18 : tensor<4xf32>, tensor<4xf32>) outs(%19 : tensor<4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %25 = arith.mulf %in, %in_1 : f32
      linalg.yield %25 : f32
    } -> tensor<4xf32>
    %21 = tensor.empty() : tensor<4xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%20 : tensor<4xf32>) outs(%21 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.addf %in, %cst : f32
      linalg.yield %25 : f32
    } -> tensor<4xf32>
    %23 = tensor.empty() : tensor<4xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%4, %22 : tensor<4xf32>, tensor<4xf32>) outs(%23 : tensor<4xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %25 = arith.divf %in, %in_1 : f32
      linalg.yield %25 : f32
    } -> tensor<4xf32>
    return %24 : tensor<4xf32>
  }
}

