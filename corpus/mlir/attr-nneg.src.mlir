// expect: unknown
// reason: unsupported attribute nneg on arith.extui
// `{nneg}` on extui (a later MLIR flag: poison on a negative operand): unknown.
func.func @f(%a: i8) -> i16 {
  %r = arith.extui %a : i8 to i16
  return %r : i16
}
