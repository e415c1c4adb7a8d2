// expect: refuted
// nsw and nuw are different conditions: a source with nsw is not refined by a target with nuw
// (-1 + 1 fits signed, not unsigned).
func.func @f(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b overflow<nsw> : i8
  return %r : i8
}
