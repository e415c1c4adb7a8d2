// expect: refuted
// math.absi of the least i8 is -128 (it wraps); a target computing the negation with
// `overflow<nsw>` makes that case poison: refuted at x = -128.
func.func @f(%x: i8) -> i8 {
  %m = math.absi %x : i8
  return %m : i8
}
