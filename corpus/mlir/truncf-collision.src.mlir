// expect: refuted
// truncf is not injective: two f64 values that differ may round to the same f32.
func.func @f(%a: f64, %b: f64) -> i1 {
  %x = arith.truncf %a : f64 to f32
  %y = arith.truncf %b : f64 to f32
  %c = arith.cmpf one, %x, %y : f32
  return %c : i1
}
