// expect: unknown
// reason: unsupported attribute exact on arith.divui
// `{exact}` on a division (a flag of later MLIR: poison unless the division is exact) is
// not read by MLIR 19's divui: unknown, never dropped.
func.func @f(%a: i8, %b: i8) -> i8 {
  %r = arith.divui %a, %b : i8
  return %r : i8
}
