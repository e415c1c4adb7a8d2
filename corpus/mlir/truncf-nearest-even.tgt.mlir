func.func @f(%a: f64) -> f32 {
  %r = arith.truncf %a to_nearest_even : f64 to f32
  return %r : f32
}
