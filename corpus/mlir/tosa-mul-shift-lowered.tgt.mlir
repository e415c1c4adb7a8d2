#map = affine_map<(d0) -> (d0)>
module {
  func.func @f(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %0 = "tosa.const"() <{value = dense<3> : tensor<4xi32>}> : () -> tensor<4xi32>
    %1 = tensor.empty() : tensor<4xi32>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %0 : tensor<4xi32>, tensor<4xi32>) outs(%1 : tensor<4xi32>) {
    ^bb0(%in: i32, %in_0: i32, %out: i32):
      %c1_i8 = arith.constant 1 : i8
      %3 = tosa.apply_scale %in, %in_0, %c1_i8 {double_round = false} : (i32, i32, i8) -> i32
      linalg.yield %3 : i32
    } -> tensor<4xi32>
    return %2 : tensor<4xi32>
  }
}

