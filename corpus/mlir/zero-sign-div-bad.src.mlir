// expect: refuted
// 1 / (x + +0.0) against 1 / x: for x = -0.0 the source divides by +0.0 (+inf) and the target
// by -0.0 (-inf), a difference that is not a sign of zero. With --no-signed-zeros it is still
// refuted: the division makes the signs of zeros matter, so x + +0.0 is not simplified to x
// (crates/cli/tests/cli.rs).
func.func @f(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %y = arith.addf %x, %z : f32
  %r = arith.divf %one, %y : f32
  return %r : f32
}
