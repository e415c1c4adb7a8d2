// expect: refuted
// An overflow flag on a shift of index values (modelled on scalars): poison where it overflows.
func.func @f(%a: index) -> index {
  %c3 = arith.constant 3 : index
  %r = arith.shli %a, %c3 : index
  return %r : index
}
