// expect: verified
// Integer addition wraps but is associative and commutative: summing a transposed matrix in
// its loop order gives the same i8 total.
func.func @f(%m: tensor<4x3xi8>, %init: tensor<i8>) -> tensor<i8> {
  %e = tensor.empty() : tensor<3x4xi8>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4x3xi8>) outs(%e : tensor<3x4xi8>) {
  ^bb0(%x: i8, %o: i8):
    linalg.yield %x : i8
  } -> tensor<3x4xi8>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%t : tensor<3x4xi8>) outs(%init : tensor<i8>) {
  ^bb0(%x: i8, %acc: i8):
    %s = arith.addi %acc, %x : i8
    linalg.yield %s : i8
  } -> tensor<i8>
  return %0 : tensor<i8>
}
