#map1 = affine_map<(d0) -> (d0)>
func.func @f(%arg1: tensor<16xi8>) -> tensor<16xi8> {
  %2 = tensor.empty() : tensor<16xi8>
  %3 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg1 : tensor<16xi8>) outs(%2 : tensor<16xi8>) {
  ^bb0(%in: i8, %out: i8):
    %c-44_i8 = arith.constant -44 : i8
    %c100_i8 = arith.constant 100 : i8
    %4 = arith.maxsi %c-44_i8, %in : i8
    %5 = arith.minsi %c100_i8, %4 : i8
    linalg.yield %5 : i8
  } -> tensor<16xi8>
  return %3 : tensor<16xi8>
}
