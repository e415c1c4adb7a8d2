func.func @f(%a: f64, %b: f64) -> i1 {
  %c = arith.cmpf one, %a, %b : f64
  return %c : i1
}
