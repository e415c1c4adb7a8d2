#map = affine_map<(d0, d1, d2) -> ()>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
module {
  func.func @f(%arg0: tensor<2x4x4xi8>, %arg1: tensor<2x4x4xi8>) -> tensor<2x4x4xi32> {
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<2x4x4xi32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c0_i32 : i32) outs(%0 : tensor<2x4x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<2x4x4xi32>
    %2 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x4x4xi8>, tensor<2x4x4xi8>) outs(%1 : tensor<2x4x4xi32>) {
    ^bb0(%in: i8, %in_0: i8, %out: i32):
      %3 = arith.extsi %in : i8 to i32
      %4 = arith.extsi %in_0 : i8 to i32
      %5 = arith.muli %3, %4 : i32
      %6 = arith.addi %out, %5 : i32
      linalg.yield %6 : i32
    } -> tensor<2x4x4xi32>
    return %2 : tensor<2x4x4xi32>
  }
}

