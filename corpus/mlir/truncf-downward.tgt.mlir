func.func @f(%a: f64) -> f32 {
  %r = arith.truncf %a downward : f64 to f32
  return %r : f32
}
