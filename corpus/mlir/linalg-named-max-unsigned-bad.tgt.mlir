#map = affine_map<(d0) -> (d0)>
module {
  func.func @f(%arg0: tensor<6xi8>, %arg1: tensor<6xi8>, %arg2: tensor<5xf32>, %arg3: tensor<5xf32>) -> (tensor<6xi8>, tensor<5xf32>) {
    %0 = tensor.empty() : tensor<6xi8>
    %1 = tensor.empty() : tensor<5xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<6xi8>, tensor<6xi8>) outs(%0 : tensor<6xi8>) {
    ^bb0(%in: i8, %in_0: i8, %out: i8):
      %4 = arith.maxui %in, %in_0 : i8
      linalg.yield %4 : i8
    } -> tensor<6xi8>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg2, %arg3 : tensor<5xf32>, tensor<5xf32>) outs(%1 : tensor<5xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %4 = arith.minimumf %in, %in_0 : f32
      linalg.yield %4 : f32
    } -> tensor<5xf32>
    return %2, %3 : tensor<6xi8>, tensor<5xf32>
  }
}

