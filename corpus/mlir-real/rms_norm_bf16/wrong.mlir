// tools/mlir_real.py: rms_norm_bf16, canonicalize step with arith.addf -> arith.subf at line 34
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
#map4 = affine_map<(d0, d1) -> (d1)>
module @jit_rms_norm_bf16 {
  func.func public @main(%arg0: tensor<4x8xbf16>, %arg1: tensor<8xbf16>) -> tensor<4x8xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 9.99999974E-6 : f32
    %cst_1 = arith.constant 8.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xbf16>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %7 = arith.extf %in : bf16 to f32
      linalg.yield %7 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4x1xf32>
    %3 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%2 : tensor<4x1xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4x1xf32>
    %expanded = tensor.expand_shape %1 [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded : tensor<4x1x8xf32>) outs(%3 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.mulf %in, %in : f32
      %8 = arith.addf %out, %7 : f32
      linalg.yield %8 : f32
    } -> tensor<4x1xf32>
    %5 = tensor.empty() : tensor<4x8xbf16>
    %6 = linalg.generic {indexing_maps = [#map, #map3, #map4, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %4, %arg1 : tensor<4x8xf32>, tensor<4x1xf32>, tensor<8xbf16>) outs(%5 : tensor<4x8xbf16>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: bf16, %out: bf16):
      %7 = arith.extf %in_3 : bf16 to f32
      %8 = arith.divf %in_2, %cst_1 : f32
      %9 = arith.subf %8, %cst_0 : f32
      %10 = math.rsqrt %9 : f32
      %11 = arith.mulf %in, %10 : f32
      %12 = arith.mulf %11, %7 : f32
      %13 = arith.truncf %12 : f32 to bf16
      linalg.yield %13 : bf16
    } -> tensor<4x8xbf16>
    return %6 : tensor<4x8xbf16>
  }
}

