// expect: refuted
// x + +0.0 against x: they differ for x = -0.0 (+0.0 against -0.0). With --no-signed-zeros it
// verifies: no division or call tells the signs of zeros apart, so x + +0.0 is x inside too
// (crates/cli/tests/cli.rs).
func.func @f(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = arith.addf %x, %z : f32
  return %r : f32
}
