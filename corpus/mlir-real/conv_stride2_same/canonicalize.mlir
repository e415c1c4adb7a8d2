// tools/mlir_real.py: conv_stride2_same, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops --canonicalize --cse
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
module @jit_conv_stride2_same {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x3x3x4xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%0 : tensor<1x3x3x4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<1x3x3x4xf32>
    %padded = tensor.pad %arg0 low[0, 0, 0, 0] high[0, 1, 1, 0] {
    ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
      tensor.yield %cst : f32
    } : tensor<1x6x6x3xf32> to tensor<1x7x7x3xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%padded, %arg1 : tensor<1x7x7x3xf32>, tensor<3x3x3x4xf32>) outs(%1 : tensor<1x3x3x4xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %3 = arith.mulf %in, %in_0 : f32
      %4 = arith.addf %out, %3 : f32
      linalg.yield %4 : f32
    } -> tensor<1x3x3x4xf32>
    return %2 : tensor<1x3x3x4xf32>
  }
}

