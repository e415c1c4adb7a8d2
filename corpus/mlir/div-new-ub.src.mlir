// expect: refuted
// Division by zero is UB: hoisting a division out of a select adds UB when %y = 0.
func.func @f(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %y, %c0 : i32
  %safe = arith.select %z, %x, %y : i32
  %q = arith.divsi %x, %safe : i32
  return %q : i32
}
