func.func @f(%a: index) -> index {
  %c3 = arith.constant 3 : index
  %r = arith.shli %a, %c3 overflow<nuw> : index
  return %r : index
}
