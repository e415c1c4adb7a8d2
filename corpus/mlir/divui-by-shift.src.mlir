// expect: verified
// Unsigned division by a power of two is a logical shift; floordivsi by 4 an arithmetic one;
// remui by 8 keeps the low bits.
func.func @f(%x: i8) -> (i8, i8, i8) {
  %c2 = arith.constant 2 : i8
  %c4 = arith.constant 4 : i8
  %c8 = arith.constant 8 : i8
  %q = arith.divui %x, %c2 : i8
  %f = arith.floordivsi %x, %c4 : i8
  %r = arith.remui %x, %c8 : i8
  return %q, %f, %r : i8, i8, i8
}
