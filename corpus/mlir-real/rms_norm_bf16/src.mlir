// tools/mlir_real.py: rms_norm_bf16, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d1)>
module @jit_rms_norm_bf16 {
  func.func public @main(%arg0: tensor<4x8xbf16>, %arg1: tensor<8xbf16>) -> tensor<4x8xbf16> {
    %cst = arith.constant 9.99999974E-6 : f32
    %cst_0 = arith.constant 8.000000e+00 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xbf16>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %25 = arith.extf %in : bf16 to f32
      linalg.yield %25 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x8xf32>) outs(%2 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.mulf %in, %in : f32
      linalg.yield %25 : f32
    } -> tensor<4x8xf32>
    %4 = tensor.empty() : tensor<4xf32>
    %5 = linalg.fill ins(%cst_1 : f32) outs(%4 : tensor<4xf32>) -> tensor<4xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%3 : tensor<4x8xf32>) outs(%5 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.addf %out, %in : f32
      linalg.yield %25 : f32
    } -> tensor<4xf32>
    %expanded = tensor.expand_shape %6 [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
    %7 = tensor.empty() : tensor<4x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded : tensor<4x1xf32>) outs(%7 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.divf %in, %cst_0 : f32
      linalg.yield %25 : f32
    } -> tensor<4x1xf32>
    %9 = tensor.empty() : tensor<4x1xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<4x1xf32>) outs(%9 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = arith.addf %in, %cst : f32
      linalg.yield %25 : f32
    } -> tensor<4x1xf32>
    %11 = tensor.empty() : tensor<4x1xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<4x1xf32>) outs(%11 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %25 = math.rsqrt %in : f32
      linalg.yield %25 : f32
    } -> tensor<4x1xf32>
    %13 = tensor.empty() : tensor<4x8xf32>
    %14 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<4x1xf32>) outs(%13 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %15 = tensor.empty() : tensor<4x8xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %14 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%15 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %25 = arith.mulf %in, %in_2 : f32
      linalg.yield %25 : f32
    } -> tensor<4x8xf32>
    %17 = tensor.empty() : tensor<8xf32>
    %18 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg1 : tensor<8xbf16>) outs(%17 : tensor<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %25 = arith.extf %in : bf16 to f32
      linalg.yield %25 : f32
    } -> tensor<8xf32>
    %19 = tensor.empty() : tensor<4x8xf32>
    %20 = linalg.generic {indexing_maps = [#map4, #map], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<8xf32>) outs(%19 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %21 = tensor.empty() : tensor<4x8xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%16, %20 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%21 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %25 = arith.mulf %in, %in_2 : f32
      linalg.yield %25 : f32
    } -> tensor<4x8xf32>
    %23 = tensor.empty() : tensor<4x8xbf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<4x8xf32>) outs(%23 : tensor<4x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %25 = arith.truncf %in : f32 to bf16
      linalg.yield %25 : bf16
    } -> tensor<4x8xbf16>
    return %24 : tensor<4x8xbf16>
  }
}

