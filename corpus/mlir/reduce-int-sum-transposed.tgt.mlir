func.func @f(%m: tensor<4x3xi8>, %init: tensor<i8>) -> tensor<i8> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%m : tensor<4x3xi8>) outs(%init : tensor<i8>) {
  ^bb0(%x: i8, %acc: i8):
    %s = arith.addi %x, %acc : i8
    linalg.yield %s : i8
  } -> tensor<i8>
  return %0 : tensor<i8>
}
