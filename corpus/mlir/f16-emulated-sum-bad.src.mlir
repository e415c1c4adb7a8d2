// expect: refuted
// A sum of three f16 values, each addition rounded to f16 ...
func.func @f(%a: f16, %b: f16, %c: f16) -> f16 {
  %s = arith.addf %a, %b : f16
  %r = arith.addf %s, %c : f16
  return %r : f16
}
