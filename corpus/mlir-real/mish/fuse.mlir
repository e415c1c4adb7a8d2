// tools/mlir_real.py: mish, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_mish {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.absf %in : f32
      %3 = arith.negf %2 : f32
      %4 = math.exp %3 : f32
      %5 = math.log1p %4 : f32
      %6 = arith.maximumf %in, %cst : f32
      %7 = arith.addf %6, %5 : f32
      %8 = arith.addf %in, %cst : f32
      %9 = arith.cmpf une, %in, %in : f32
      %10 = arith.select %9, %8, %7 : f32
      %11 = math.tanh %10 : f32
      %12 = arith.mulf %in, %11 : f32
      linalg.yield %12 : f32
    } -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

