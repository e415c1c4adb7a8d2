// expect: verified
// What linalg-fold-unit-extent-dims does: a unit dim dropped by collapse_shape and
// restored by expand_shape around an elementwise op.
func.func @f(%a: tensor<1x?x3xf32>, %b: tensor<1x?x3xf32>) -> tensor<1x?x3xf32> {
  %0 = arith.addf %a, %b : tensor<1x?x3xf32>
  return %0 : tensor<1x?x3xf32>
}
