#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @f(%arg0: tensor<2x3xi8>, %arg1: tensor<3x2xi8>, %arg2: tensor<2x2xi32>) -> tensor<2x2xi32> {
    %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x3xi8>, tensor<3x2xi8>) outs(%arg2 : tensor<2x2xi32>) {
    ^bb0(%in: i8, %in_0: i8, %out: i32):
      %1 = arith.extui %in : i8 to i32
      %2 = arith.extui %in_0 : i8 to i32
      %3 = arith.muli %1, %2 : i32
      %4 = arith.addi %out, %3 : i32
      linalg.yield %4 : i32
    } -> tensor<2x2xi32>
    return %0 : tensor<2x2xi32>
  }
}

