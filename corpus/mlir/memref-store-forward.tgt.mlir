func.func @f(%v: f32, %i: index) -> f32 {
  %c8 = arith.constant 8 : index
  %ok = arith.cmpi ult, %i, %c8 : index
  %r = arith.select %ok, %v, %v : f32
  return %r : f32
}
