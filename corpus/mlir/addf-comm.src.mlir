// expect: verified
// addf is commutative in IEEE arithmetic.
func.func @f(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  return %0 : f32
}
