#id = affine_map<(d0) -> (d0)>
#red = affine_map<(d0) -> ()>
func.func @f(%x: tensor<4xi8>, %init: tensor<i8>) -> tensor<i8> {
  %r = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["reduction"]}
      ins(%x : tensor<4xi8>) outs(%init : tensor<i8>) {
  ^bb0(%a: i8, %acc: i8):
    %s = arith.addi %a, %acc overflow<nsw> : i8
    linalg.yield %s : i8
  } -> tensor<i8>
  return %r : tensor<i8>
}
