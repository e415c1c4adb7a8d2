// tools/mlir_real.py: mlp, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d2)>
#map5 = affine_map<(d0, d1) -> (d1)>
module @jit_mlp {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16x8xf32>, %arg4: tensor<8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 0.797884583 : f32
    %cst_3 = arith.constant 4.471500e-02 : f32
    %0 = tensor.empty() : tensor<4x16xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<4x16xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4x16xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %8 = arith.mulf %in, %in_4 : f32
      %9 = arith.addf %out, %8 : f32
      linalg.yield %9 : f32
    } -> tensor<4x16xf32>
    %3 = tensor.empty() : tensor<4x8xf32>
    %4 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%3 : tensor<4x8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4x8xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map4, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2, %arg2, %arg3 : tensor<4x16xf32>, tensor<16xf32>, tensor<16x8xf32>) outs(%4 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %in_5: f32, %out: f32):
      %8 = arith.addf %in, %in_4 : f32
      %9 = arith.mulf %8, %8 : f32
      %10 = arith.mulf %9, %8 : f32
      %11 = arith.mulf %10, %cst_3 : f32
      %12 = arith.addf %8, %11 : f32
      %13 = arith.mulf %12, %cst_2 : f32
      %14 = math.tanh %13 : f32
      %15 = arith.addf %14, %cst_1 : f32
      %16 = arith.mulf %15, %cst_0 : f32
      %17 = arith.mulf %8, %16 : f32
      %18 = arith.mulf %17, %in_5 : f32
      %19 = arith.addf %out, %18 : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %6 = tensor.empty() : tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map5, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %arg4 : tensor<4x8xf32>, tensor<8xf32>) outs(%6 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %8 = arith.addf %in, %in_4 : f32
      linalg.yield %8 : f32
    } -> tensor<4x8xf32>
    return %7 : tensor<4x8xf32>
  }
}

