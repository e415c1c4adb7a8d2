// expect: refuted
// The target passes the arguments in another order: for some function they differ. The
// counterexample shows the interpretation of @g the replay used (a table of results per
// argument, zeros elsewhere).
func.func private @g(i32, i32) -> i32
func.func @f(%a: i32, %b: i32) -> i32 {
  %r = func.call @g(%a, %b) : (i32, i32) -> i32
  return %r : i32
}
