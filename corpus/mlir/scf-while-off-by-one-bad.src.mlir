// expect: refuted
// The scf.while form of this scf.for with its condition `sle` for `slt` (one iteration
// more, as a hand-written while loop gets wrong): refuted, replayed.
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
