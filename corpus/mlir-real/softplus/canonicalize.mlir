// tools/mlir_real.py: softplus, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops --canonicalize --cse
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_softplus {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.maximumf %in, %cst : f32
      %3 = math.absf %in : f32
      %4 = arith.negf %3 : f32
      %5 = math.exp %4 : f32
      %6 = math.log1p %5 : f32
      %7 = arith.addf %6, %2 : f32
      linalg.yield %7 : f32
    } -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

