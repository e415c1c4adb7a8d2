// tools/mlir_real.py: mlp, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module @jit_mlp {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16x8xf32>, %arg4: tensor<8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0.797884583 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16xf32>
    %1 = linalg.fill ins(%cst_3 : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = tensor.empty() : tensor<4x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<16xf32>) outs(%3 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x16xf32>
    %5 = tensor.empty() : tensor<4x16xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%2, %4 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%5 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.addf %in, %in_4 : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %7 = tensor.empty() : tensor<4x16xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<4x16xf32>) outs(%7 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.mulf %in, %in : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %9 = tensor.empty() : tensor<4x16xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%8, %6 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%9 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.mulf %in, %in_4 : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %11 = tensor.empty() : tensor<4x16xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<4x16xf32>) outs(%11 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.mulf %in, %cst_2 : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %13 = tensor.empty() : tensor<4x16xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %12 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%13 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.addf %in, %in_4 : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %15 = tensor.empty() : tensor<4x16xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<4x16xf32>) outs(%15 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.mulf %in, %cst_1 : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %17 = tensor.empty() : tensor<4x16xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<4x16xf32>) outs(%17 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = math.tanh %in : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %19 = tensor.empty() : tensor<4x16xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<4x16xf32>) outs(%19 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.addf %in, %cst_0 : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %21 = tensor.empty() : tensor<4x16xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<4x16xf32>) outs(%21 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %32 = arith.mulf %in, %cst : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %23 = tensor.empty() : tensor<4x16xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %22 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%23 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.mulf %in, %in_4 : f32
      linalg.yield %32 : f32
    } -> tensor<4x16xf32>
    %25 = tensor.empty() : tensor<4x8xf32>
    %26 = linalg.fill ins(%cst_3 : f32) outs(%25 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %27 = linalg.matmul ins(%24, %arg3 : tensor<4x16xf32>, tensor<16x8xf32>) outs(%26 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %28 = tensor.empty() : tensor<4x8xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<8xf32>) outs(%28 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %30 = tensor.empty() : tensor<4x8xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%27, %29 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%30 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %32 = arith.addf %in, %in_4 : f32
      linalg.yield %32 : f32
    } -> tensor<4x8xf32>
    return %31 : tensor<4x8xf32>
  }
}

