// tools/mlir_real.py: elu, canonicalize step with arith.cmpf ogt -> arith.cmpf olt at line 9
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_elu {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = math.expm1 %in : f32
      %3 = arith.cmpf olt, %in, %cst : f32
      %4 = arith.select %3, %in, %2 : f32
      linalg.yield %4 : f32
    } -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

