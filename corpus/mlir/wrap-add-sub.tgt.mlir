func.func @f(%x: i8, %y: i8) -> i8 {
  return %x : i8
}
