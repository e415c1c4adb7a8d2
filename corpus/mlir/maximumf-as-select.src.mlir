// expect: refuted
// arith.maximumf is not `select(a > b, a, b)`: on a NaN `b` or on (-0.0, +0.0) they
// differ (maximumf propagates NaN and orders -0.0 below +0.0).
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = arith.maximumf %a, %b : f32
  return %0 : f32
}
