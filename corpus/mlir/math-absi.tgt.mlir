func.func @f(%a: tensor<8xi8>) -> tensor<8xi8> {
  %e = tensor.empty() : tensor<8xi8>
  %c0 = arith.constant 0 : i8
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<8xi8>) outs(%e : tensor<8xi8>) {
  ^bb0(%x: i8, %o: i8):
    %n = arith.subi %c0, %x : i8
    %neg = arith.cmpi slt, %x, %c0 : i8
    %m = arith.select %neg, %n, %x : i8
    linalg.yield %m : i8
  } -> tensor<8xi8>
  return %r : tensor<8xi8>
}
