// tools/mlir_real.py: gelu_tanh, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_gelu_tanh {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0.797884583 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.mulf %in, %in : f32
      linalg.yield %18 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%2 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %18 = arith.mulf %in, %in_3 : f32
      linalg.yield %18 : f32
    } -> tensor<4x8xf32>
    %4 = tensor.empty() : tensor<4x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x8xf32>) outs(%4 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.mulf %in, %cst_2 : f32
      linalg.yield %18 : f32
    } -> tensor<4x8xf32>
    %6 = tensor.empty() : tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %5 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%6 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %18 = arith.addf %in, %in_3 : f32
      linalg.yield %18 : f32
    } -> tensor<4x8xf32>
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.mulf %in, %cst_1 : f32
      linalg.yield %18 : f32
    } -> tensor<4x8xf32>
    %10 = tensor.empty() : tensor<4x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<4x8xf32>) outs(%10 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = math.tanh %in : f32
      linalg.yield %18 : f32
    } -> tensor<4x8xf32>
    %12 = tensor.empty() : tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x8xf32>) outs(%12 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.addf %in, %cst_0 : f32
      linalg.yield %18 : f32
    } -> tensor<4x8xf32>
    %14 = tensor.empty() : tensor<4x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<4x8xf32>) outs(%14 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.mulf %in, %cst : f32
      linalg.yield %18 : f32
    } -> tensor<4x8xf32>
    %16 = tensor.empty() : tensor<4x8xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %15 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%16 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %18 = arith.mulf %in, %in_3 : f32
      linalg.yield %18 : f32
    } -> tensor<4x8xf32>
    return %17 : tensor<4x8xf32>
  }
}

