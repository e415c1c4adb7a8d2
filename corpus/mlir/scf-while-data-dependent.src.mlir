// expect: unknown
// reason: scf.while whose condition depends on the input
// An scf.while that halves an integer until it is at most 1: the number of iterations depends
// on the input, so the loop is not unrolled (only counted loops are).
func.func @f(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi sgt, %a, %c1 : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%a: i32):
    %h = arith.shrsi %a, %c1 : i32
    scf.yield %h : i32
  }
  return %r : i32
}
