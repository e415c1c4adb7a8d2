// expect: verified
// `to_nearest_even` is the rounding of an unannotated truncf: the same op.
func.func @f(%a: f64) -> f32 {
  %r = arith.truncf %a : f64 to f32
  return %r : f32
}
