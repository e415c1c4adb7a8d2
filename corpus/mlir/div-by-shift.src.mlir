// expect: refuted
// divsi rounds toward zero, an arithmetic shift toward minus infinity: -1 / 2 = 0, -1 >> 1 = -1.
func.func @f(%x: i8) -> i8 {
  %c2 = arith.constant 2 : i8
  %q = arith.divsi %x, %c2 : i8
  return %q : i8
}
