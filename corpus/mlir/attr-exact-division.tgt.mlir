func.func @f(%a: i8, %b: i8) -> i8 {
  %r = arith.divui %a, %b {exact} : i8
  return %r : i8
}
