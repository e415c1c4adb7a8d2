func.func private @g(i32, i32) -> i32
func.func @f(%a: i32, %b: i32) -> i32 {
  %r = func.call @g(%b, %a) : (i32, i32) -> i32
  return %r : i32
}
