// expect: verified
// `overflow<nsw, nuw>` in the source; the target keeps only nsw (less poison): refines.
func.func @f(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b overflow<nsw, nuw> : i8
  return %r : i8
}
