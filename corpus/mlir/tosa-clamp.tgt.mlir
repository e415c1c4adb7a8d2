#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0) -> (d0)>
module {
  func.func @f(%arg0: tensor<4x8xf32>, %arg1: tensor<16xi8>) -> (tensor<4x8xf32>, tensor<16xi8>) {
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %cst = arith.constant -1.000000e+00 : f32
      %cst_0 = arith.constant 6.000000e+00 : f32
      %4 = arith.minimumf %in, %cst_0 : f32
      %5 = arith.maximumf %4, %cst : f32
      linalg.yield %5 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<16xi8>
    %3 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg1 : tensor<16xi8>) outs(%2 : tensor<16xi8>) {
    ^bb0(%in: i8, %out: i8):
      %c-128_i8 = arith.constant -128 : i8
      %c100_i8 = arith.constant 100 : i8
      %4 = arith.maxsi %c-128_i8, %in : i8
      %5 = arith.minsi %c100_i8, %4 : i8
      linalg.yield %5 : i8
    } -> tensor<16xi8>
    return %1, %3 : tensor<4x8xf32>, tensor<16xi8>
  }
}

