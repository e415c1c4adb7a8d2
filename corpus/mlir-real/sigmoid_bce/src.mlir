// tools/mlir_real.py: sigmoid_bce, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<() -> ()>
module @jit_sigmoid_bce {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %cst = arith.constant 3.200000e+01 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %21 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%2 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %21 = arith.mulf %in, %in_1 : f32
      linalg.yield %21 : f32
    } -> tensor<4x8xf32>
    %4 = tensor.empty() : tensor<4x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %3 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%4 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %21 = arith.subf %in, %in_1 : f32
      linalg.yield %21 : f32
    } -> tensor<4x8xf32>
    %6 = tensor.empty() : tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%6 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.absf %in : f32
      linalg.yield %21 : f32
    } -> tensor<4x8xf32>
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.negf %in : f32
      linalg.yield %21 : f32
    } -> tensor<4x8xf32>
    %10 = tensor.empty() : tensor<4x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<4x8xf32>) outs(%10 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.exp %in : f32
      linalg.yield %21 : f32
    } -> tensor<4x8xf32>
    %12 = tensor.empty() : tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x8xf32>) outs(%12 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = math.log1p %in : f32
      linalg.yield %21 : f32
    } -> tensor<4x8xf32>
    %14 = tensor.empty() : tensor<4x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%14 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %21 = arith.addf %in, %in_1 : f32
      linalg.yield %21 : f32
    } -> tensor<4x8xf32>
    %16 = tensor.empty() : tensor<f32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<f32>) -> tensor<f32>
    %18 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction"]} ins(%15 : tensor<4x8xf32>) outs(%17 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.addf %out, %in : f32
      linalg.yield %21 : f32
    } -> tensor<f32>
    %19 = tensor.empty() : tensor<f32>
    %20 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%18 : tensor<f32>) outs(%19 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.divf %in, %cst : f32
      linalg.yield %21 : f32
    } -> tensor<f32>
    return %20 : tensor<f32>
  }
}

