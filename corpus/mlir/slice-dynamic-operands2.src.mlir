// expect: verified
// Dynamic slice operands are listed by kind (all offsets, then sizes, then strides), not per
// dimension: the one-step slice equals the two-step one only if %o1 is read as an offset.
func.func @f(%t: tensor<8x8xf32>, %o0: index, %o1: index, %s0: index) -> tensor<?x4xf32> {
  %r = tensor.extract_slice %t[%o0, %o1][%s0, 4][1, 1] : tensor<8x8xf32> to tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
