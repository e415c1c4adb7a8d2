// expect: verified
// A declared function is one deterministic function shared by both sides: two calls on equal
// arguments give equal results, so calling it once (CSE) and reordering calls is correct.
func.func private @g(i32, f32) -> f32
func.func @f(%a: i32, %b: i32, %x: f32) -> f32 {
  %s = arith.addi %a, %b : i32
  %r1 = func.call @g(%s, %x) : (i32, f32) -> f32
  %t = arith.addi %b, %a : i32
  %r2 = func.call @g(%t, %x) : (i32, f32) -> f32
  %r3 = func.call @g(%a, %x) : (i32, f32) -> f32
  %u = arith.addf %r1, %r2 : f32
  %v = arith.mulf %u, %r3 : f32
  return %v : f32
}
