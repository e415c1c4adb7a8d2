// expect: refuted
// Adding in i8 and sign-extending is not adding in i16.
func.func @f(%x: i8, %y: i8) -> i16 {
  %a = arith.addi %x, %y : i8
  %b = arith.extsi %a : i8 to i16
  return %b : i16
}
