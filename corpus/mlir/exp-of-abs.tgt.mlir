func.func @f(%x: f32) -> f32 {
  %a = math.absf %x : f32
  %0 = math.exp %a : f32
  return %0 : f32
}
