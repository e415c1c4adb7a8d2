func.func @f(%x: i32, %y: i32) -> i8 {
  %a = arith.trunci %x : i32 to i8
  %b = arith.trunci %y : i32 to i8
  %c = arith.addi %a, %b : i8
  return %c : i8
}
