func.func @f(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b {foo = 1 : i64} : i8
  return %r : i8
}
