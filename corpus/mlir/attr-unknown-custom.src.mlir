// expect: unknown
// reason: unsupported attribute foo on arith.addi at 2:8
// An attribute no definition reads (`{foo = 1}`) is never ignored: unknown, naming it and the op.
func.func @f(%a: i8, %b: i8) -> i8 {
  %r = arith.addi %a, %b : i8
  return %r : i8
}
