func.func @f(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %y, %c0 : i32
  %q0 = arith.divsi %x, %y : i32
  %q1 = arith.divsi %x, %x : i32
  %q = arith.select %z, %q1, %q0 : i32
  return %q : i32
}
