// expect: refuted
// The target stores the branches' values the other way round.
func.func @f(%m: memref<4xi32>, %c: i1, %v: i32, %w: i32, %i: index) {
  scf.if %c {
    memref.store %v, %m[%i] : memref<4xi32>
  } else {
    memref.store %w, %m[%i] : memref<4xi32>
  }
  return
}
