// expect: unknown
// reason: arith.truncf with the rounding mode 1
// Another rounding mode is outside the model: unknown, naming it.
func.func @f(%a: f64) -> f32 {
  %r = arith.truncf %a : f64 to f32
  return %r : f32
}
