// tools/mlir_real.py: batch_norm, canonicalize step with arith.addf -> arith.subf at line 9
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module @jit_batch_norm {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 9.99999974E-6 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map1, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1, %arg2, %arg3, %arg4 : tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_0: f32, %in_1: f32, %in_2: f32, %in_3: f32, %out: f32):
      %2 = arith.subf %in_1, %cst : f32
      %3 = math.rsqrt %2 : f32
      %4 = arith.subf %in, %in_0 : f32
      %5 = arith.mulf %4, %3 : f32
      %6 = arith.mulf %5, %in_2 : f32
      %7 = arith.addf %6, %in_3 : f32
      linalg.yield %7 : f32
    } -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

