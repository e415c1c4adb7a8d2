// expect: refuted
// tosa.clamp on i8 with `min_int = -300`: the bound saturates to -128 (the spec's bounds are
// of the element type; MLIR 19 clamps the attribute into the type). A lowering that wraps it
// to i8 instead (-300 is -44 modulo 256) clamps every element below -44: refuted, replayed.
func.func @f(%b: tensor<16xi8>) -> tensor<16xi8> {
  %1 = tosa.clamp %b {min_fp = 0.0 : f32, max_fp = 0.0 : f32, min_int = -300 : i64, max_int = 100 : i64} : (tensor<16xi8>) -> tensor<16xi8>
  return %1 : tensor<16xi8>
}
