// expect: verified
// select(x < y, y, x) == select(y > x, y, x); unsigned compare via extui.
func.func @f(%x: i16, %y: i16) -> (i16, i1) {
  %c = arith.cmpi slt, %x, %y : i16
  %m = arith.select %c, %y, %x : i16
  %u = arith.cmpi ult, %x, %y : i16
  return %m, %u : i16, i1
}
