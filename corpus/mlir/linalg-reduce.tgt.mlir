#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @f(%arg0: tensor<3x4xi32>, %arg1: tensor<4xi32>) -> tensor<4xi32> {
    %0 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<3x4xi32>) outs(%arg1 : tensor<4xi32>) {
    ^bb0(%in: i32, %out: i32):
      %1 = arith.addi %in, %out : i32
      linalg.yield %1 : i32
    } -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}

