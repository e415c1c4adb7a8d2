// expect: verified
// (x + y) - y == x in wrapping i8 arithmetic.
func.func @f(%x: i8, %y: i8) -> i8 {
  %a = arith.addi %x, %y : i8
  %b = arith.subi %a, %y : i8
  return %b : i8
}
