func.func @f(%v: f32) -> f32 {
  return %v : f32
}
