// expect: refuted
// A target that adds `overflow<nsw>` or `overflow<nuw>` to addi/subi/muli/shli is poison where
// the source is defined (e.g. 127 + 1 in i8 for nsw): refuted, the counterexample replayed.
func.func @add_nsw(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b : i8
  return %r : i8
}
func.func @add_nuw(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b : i8
  return %r : i8
}
func.func @sub_nsw(%a: i8, %b: i8) -> i8 {
  %r = arith.subi %a, %b : i8
  return %r : i8
}
func.func @sub_nuw(%a: i8, %b: i8) -> i8 {
  %r = arith.subi %a, %b : i8
  return %r : i8
}
func.func @mul_nsw(%a: i8, %b: i8) -> i8 {
  %r = arith.muli %a, %b : i8
  return %r : i8
}
func.func @mul_nuw(%a: i8, %b: i8) -> i8 {
  %r = arith.muli %a, %b : i8
  return %r : i8
}
func.func @shl_nsw(%a: i8, %b: i8) -> i8 {
  %r = arith.shli %a, %b : i8
  return %r : i8
}
func.func @shl_nuw(%a: i8, %b: i8) -> i8 {
  %r = arith.shli %a, %b : i8
  return %r : i8
}
