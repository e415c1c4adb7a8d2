func.func @f(%x: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  return %c : f32
}
