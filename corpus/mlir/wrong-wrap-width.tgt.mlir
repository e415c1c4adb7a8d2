func.func @f(%x: i8, %y: i8) -> i16 {
  %a = arith.extsi %x : i8 to i16
  %b = arith.extsi %y : i8 to i16
  %c = arith.addi %a, %b : i16
  return %c : i16
}
