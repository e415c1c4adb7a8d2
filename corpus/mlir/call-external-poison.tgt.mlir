func.func private @g(tensor<2xi32>) -> i32
func.func @f() -> i32 {
  %c = arith.constant 0 : i32
  return %c : i32
}
