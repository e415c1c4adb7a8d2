// tools/mlir_real.py: leaky_relu, canonicalize step with arith.mulf -> arith.addf at line 9
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_leaky_relu {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.00999999977 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.addf %in, %cst : f32
      %3 = arith.cmpf oge, %in, %cst_0 : f32
      %4 = arith.select %3, %in, %2 : f32
      linalg.yield %4 : f32
    } -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

