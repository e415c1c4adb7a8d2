// expect: verified
// math.absi is the two's complement absolute value: a select of the negation, which wraps
// at the least value (|-128| is -128 in i8) exactly as the op does.
func.func @f(%a: tensor<8xi8>) -> tensor<8xi8> {
  %e = tensor.empty() : tensor<8xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<8xi8>) outs(%e : tensor<8xi8>) {
  ^bb0(%x: i8, %o: i8):
    %m = math.absi %x : i8
    linalg.yield %m : i8
  } -> tensor<8xi8>
  return %r : tensor<8xi8>
}
