// expect: refuted
// Float addition is not associative: (a+b)+c differs from a+(b+c) for some f32 inputs.
func.func @f(%a: f32, %b: f32, %c: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.addf %0, %c : f32
  return %1 : f32
}
