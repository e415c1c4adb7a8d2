func.func @f(%x: i8) -> i8 {
  %c1 = arith.constant 1 : i8
  %q = arith.shrsi %x, %c1 : i8
  return %q : i8
}
