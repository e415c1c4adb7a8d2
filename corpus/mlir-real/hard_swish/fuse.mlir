// tools/mlir_real.py: hard_swish, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_hard_swish {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 6.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 3.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.addf %in, %cst_1 : f32
      %3 = arith.maximumf %2, %cst_0 : f32
      %4 = arith.minimumf %3, %cst : f32
      %5 = arith.mulf %in, %4 : f32
      %6 = arith.divf %5, %cst : f32
      linalg.yield %6 : f32
    } -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

