// expect: verified
// Adding in i32 and truncating equals adding the truncations in i8.
func.func @f(%x: i32, %y: i32) -> i8 {
  %a = arith.addi %x, %y : i32
  %b = arith.trunci %a : i32 to i8
  return %b : i8
}
