func.func @f(%x: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %r = arith.divf %one, %x : f32
  return %r : f32
}
