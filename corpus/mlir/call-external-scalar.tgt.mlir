func.func private @g(i32, f32) -> f32
func.func @f(%a: i32, %b: i32, %x: f32) -> f32 {
  %r3 = func.call @g(%a, %x) : (i32, f32) -> f32
  %s = arith.addi %b, %a : i32
  %r = func.call @g(%s, %x) : (i32, f32) -> f32
  %u = arith.addf %r, %r : f32
  %v = arith.mulf %r3, %u : f32
  return %v : f32
}
