func.func @f(%x: i8) -> (i8, i8, i8) {
  %c1 = arith.constant 1 : i8
  %c2 = arith.constant 2 : i8
  %c5 = arith.constant 5 : i8
  %q = arith.shrui %x, %c1 : i8
  %f = arith.shrsi %x, %c2 : i8
  %s = arith.shli %x, %c5 : i8
  %r = arith.shrui %s, %c5 : i8
  return %q, %f, %r : i8, i8, i8
}
