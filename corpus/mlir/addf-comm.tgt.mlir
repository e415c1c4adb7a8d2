func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %b, %a : f32
  return %0 : f32
}
