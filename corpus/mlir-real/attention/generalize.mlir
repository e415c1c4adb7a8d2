// tools/mlir_real.py: attention, mlir-opt-19 --linalg-generalize-named-ops
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map6 = affine_map<() -> ()>
#map7 = affine_map<(d0) -> ()>
#map8 = affine_map<(d0) -> (d0)>
#map9 = affine_map<(d0, d1) -> (d0)>
module @jit_attention {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 2.82842708 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<4x8xf32>) outs(%0 : tensor<8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x4xf32>
    %2 = tensor.empty() : tensor<4x4xf32>
    %3 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_1 : f32) outs(%2 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %1 : tensor<4x8xf32>, tensor<8x4xf32>) outs(%3 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.mulf %in, %in_2 : f32
      %31 = arith.addf %out, %30 : f32
      linalg.yield %31 : f32
    } -> tensor<4x4xf32>
    %5 = tensor.empty() : tensor<f32>
    %6 = linalg.generic {indexing_maps = [#map6], iterator_types = []} outs(%5 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<f32>
    %7 = tensor.empty() : tensor<4x4xf32>
    %8 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<f32>) outs(%7 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %9 = tensor.empty() : tensor<4x4xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%4, %8 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%9 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.divf %in, %in_2 : f32
      linalg.yield %30 : f32
    } -> tensor<4x4xf32>
    %11 = tensor.empty() : tensor<4xf32>
    %12 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel"]} ins(%cst_0 : f32) outs(%11 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "reduction"]} ins(%10 : tensor<4x4xf32>) outs(%12 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.maximumf %out, %in : f32
      linalg.yield %30 : f32
    } -> tensor<4xf32>
    %14 = tensor.empty() : tensor<4x4xf32>
    %15 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<4xf32>) outs(%14 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %16 = tensor.empty() : tensor<4x4xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %15 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%16 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.subf %in, %in_2 : f32
      linalg.yield %30 : f32
    } -> tensor<4x4xf32>
    %18 = tensor.empty() : tensor<4x4xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<4x4xf32>) outs(%18 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = math.exp %in : f32
      linalg.yield %30 : f32
    } -> tensor<4x4xf32>
    %20 = tensor.empty() : tensor<4xf32>
    %21 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel"]} ins(%cst_1 : f32) outs(%20 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "reduction"]} ins(%19 : tensor<4x4xf32>) outs(%21 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.addf %out, %in : f32
      linalg.yield %30 : f32
    } -> tensor<4xf32>
    %23 = tensor.empty() : tensor<4x4xf32>
    %24 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<4xf32>) outs(%23 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %25 = tensor.empty() : tensor<4x4xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%19, %24 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%25 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.divf %in, %in_2 : f32
      linalg.yield %30 : f32
    } -> tensor<4x4xf32>
    %27 = tensor.empty() : tensor<4x8xf32>
    %28 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_1 : f32) outs(%27 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %29 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%26, %arg2 : tensor<4x4xf32>, tensor<4x8xf32>) outs(%28 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.mulf %in, %in_2 : f32
      %31 = arith.addf %out, %30 : f32
      linalg.yield %31 : f32
    } -> tensor<4x8xf32>
    return %29 : tensor<4x8xf32>
  }
}

