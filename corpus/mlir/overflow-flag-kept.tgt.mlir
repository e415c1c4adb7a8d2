func.func @add_nsw(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b overflow<nsw> : i8
  return %r : i8
}
func.func @add_nuw(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b overflow<nuw> : i8
  return %r : i8
}
func.func @sub_nsw(%a: i8, %b: i8) -> i8 {
  %r = arith.subi %a, %b overflow<nsw> : i8
  return %r : i8
}
func.func @sub_nuw(%a: i8, %b: i8) -> i8 {
  %r = arith.subi %a, %b overflow<nuw> : i8
  return %r : i8
}
func.func @mul_nsw(%a: i8, %b: i8) -> i8 {
  %r = arith.muli %a, %b overflow<nsw> : i8
  return %r : i8
}
func.func @mul_nuw(%a: i8, %b: i8) -> i8 {
  %r = arith.muli %a, %b overflow<nuw> : i8
  return %r : i8
}
func.func @shl_nsw(%a: i8, %b: i8) -> i8 {
  %r = arith.shli %a, %b overflow<nsw> : i8
  return %r : i8
}
func.func @shl_nuw(%a: i8, %b: i8) -> i8 {
  %r = arith.shli %a, %b overflow<nuw> : i8
  return %r : i8
}
