// expect: unknown
// reason: source: unsupported attribute bar on arith.muli at 5:8
// A generic-form op carrying an attribute its definition does not read: unknown (here in the source).
func.func @f(%a: i8, %b: i8) -> i8 {
  %r = "arith.muli"(%a, %b) <{bar}> : (i8, i8) -> i8
  return %r : i8
}
