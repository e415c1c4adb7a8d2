// expect: refuted
// The source stores only when %c holds (a store out of bounds or into a dead buffer is UB,
// guarded by the branch); the target stores unconditionally, adding UB where %c does not hold.
func.func @f(%m: memref<4xi32>, %c: i1, %v: i32, %i: index) {
  scf.if %c {
    memref.store %v, %m[%i] : memref<4xi32>
  }
  return
}
