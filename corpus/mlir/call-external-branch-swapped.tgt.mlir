func.func private @g(f32) -> f32
func.func @f(%c: i1, %a: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %v = func.call @g(%a) : (f32) -> f32
  %r = arith.select %c, %z, %v : f32
  return %r : f32
}
