// expect: verified
// Stores in the branches of an scf.if: afterwards each cell is what the branch taken left
// (the memory of both branches merged by the condition). The target stores a select.
func.func @f(%m: memref<4xi32>, %c: i1, %v: i32, %w: i32, %i: index) {
  scf.if %c {
    memref.store %v, %m[%i] : memref<4xi32>
  } else {
    memref.store %w, %m[%i] : memref<4xi32>
  }
  return
}
