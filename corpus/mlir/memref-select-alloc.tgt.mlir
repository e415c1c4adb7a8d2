func.func @f(%c: i1, %x: f32) -> f32 {
  return %x : f32
}
