func.func @f(%x: i8) -> i8 {
  %c0 = arith.constant 0 : i8
  %n = arith.subi %c0, %x overflow<nsw> : i8
  %neg = arith.cmpi slt, %x, %c0 : i8
  %m = arith.select %neg, %n, %x : i8
  return %m : i8
}
