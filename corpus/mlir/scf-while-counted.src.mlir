// expect: verified
// An scf.for with iter args (a float power by repeated squaring and an integer sum of the
// induction variable) against its `mlir-opt-19 --scf-for-to-while` form: an scf.while
// whose condition compares a carried counter with the constant bound, unrolled (the
// condition is a constant at every iteration).
func.func @f(%x: f32, %n: i32) -> (f32, i32) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %x, %s = %n) -> (f32, i32) {
    %p = arith.mulf %acc, %acc : f32
    %ii = arith.index_cast %i : index to i32
    %t = arith.addi %s, %ii : i32
    scf.yield %p, %t : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}
