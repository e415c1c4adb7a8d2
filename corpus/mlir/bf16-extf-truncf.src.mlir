// expect: verified
// bf16 arithmetic in a generic body; the target widens an operand to f32 and truncates it
// back first, which is the operand itself (widening is exact).
func.func @f(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xbf16> {
  %e = tensor.empty() : tensor<4xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xbf16>, tensor<4xbf16>) outs(%e : tensor<4xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %m = arith.mulf %x, %y : bf16
    linalg.yield %m : bf16
  } -> tensor<4xbf16>
  return %r : tensor<4xbf16>
}
