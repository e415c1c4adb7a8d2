// tools/mlir_real.py: gelu_tanh, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops --canonicalize --cse
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
      %2 = arith.mulf %in, %in : f32
      %3 = arith.mulf %2, %in : f32
      %4 = arith.mulf %3, %cst_2 : f32
      %5 = arith.addf %in, %4 : f32
      %6 = arith.mulf %5, %cst_1 : f32
      %7 = math.tanh %6 : f32
      %8 = arith.addf %7, %cst_0 : f32
      %9 = arith.mulf %8, %cst : f32
      %10 = arith.mulf %in, %9 : f32
      linalg.yield %10 : f32
    } -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

