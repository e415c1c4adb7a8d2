// expect: refuted
// exp(x) is not exp(|x|): any negative x tells them apart (replayed with the platform libm).
func.func @f(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}
