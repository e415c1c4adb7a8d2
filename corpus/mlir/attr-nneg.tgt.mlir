func.func @f(%a: i8) -> i16 {
  %r = arith.extui %a {nneg} : i8 to i16
  return %r : i16
}
