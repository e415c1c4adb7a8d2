// expect: refuted
// A signed max reduction is not an unsigned one: -1 is the unsigned maximum.
func.func @f(%x: tensor<4xi8>, %init: tensor<i8>) -> tensor<i8> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%x : tensor<4xi8>) outs(%init : tensor<i8>) {
  ^bb0(%in: i8, %out: i8):
    %m = arith.maxsi %in, %out : i8
    linalg.yield %m : i8
  } -> tensor<i8>
  return %0 : tensor<i8>
}
