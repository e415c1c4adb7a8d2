// expect: verified
// Hoisting a call out of an scf.if branch is correct for an external function only because it
// is assumed total and free of side effects (mlir-tv's reading, named in the verdict).
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
