// tools/mlir_real.py: swiglu, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_swiglu {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<8x16xf32>) -> tensor<4x16xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = tensor.empty() : tensor<4x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4x16xf32>) outs(%3 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.negf %in : f32
      linalg.yield %18 : f32
    } -> tensor<4x16xf32>
    %5 = tensor.empty() : tensor<4x16xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x16xf32>) outs(%5 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = math.exp %in : f32
      linalg.yield %18 : f32
    } -> tensor<4x16xf32>
    %7 = tensor.empty() : tensor<4x16xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<4x16xf32>) outs(%7 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.addf %in, %cst : f32
      linalg.yield %18 : f32
    } -> tensor<4x16xf32>
    %9 = tensor.empty() : tensor<4x16xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<4x16xf32>) outs(%9 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.divf %cst, %in : f32
      linalg.yield %18 : f32
    } -> tensor<4x16xf32>
    %11 = tensor.empty() : tensor<4x16xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %10 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%11 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %18 = arith.mulf %in, %in_1 : f32
      linalg.yield %18 : f32
    } -> tensor<4x16xf32>
    %13 = tensor.empty() : tensor<4x16xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%13 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %15 = linalg.matmul ins(%arg0, %arg2 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%14 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %16 = tensor.empty() : tensor<4x16xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%12, %15 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%16 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %18 = arith.mulf %in, %in_1 : f32
      linalg.yield %18 : f32
    } -> tensor<4x16xf32>
    return %17 : tensor<4x16xf32>
  }
}

