func.func @f(%a: f32, %b: f32) -> f32 {
  %c = arith.cmpf ogt, %a, %b : f32
  %0 = arith.select %c, %a, %b : f32
  return %0 : f32
}
