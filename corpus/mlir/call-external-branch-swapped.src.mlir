// expect: refuted
// The call moved to the other branch: where %c holds, the source returns @g(%a) and the
// target 0.0, which differ for some @g (the table in the counterexample shows one).
func.func private @g(f32) -> f32
func.func @f(%c: i1, %a: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = scf.if %c -> (f32) {
    %v = func.call @g(%a) : (f32) -> f32
    scf.yield %v : f32
  } else {
    scf.yield %z : f32
  }
  return %r : f32
}
