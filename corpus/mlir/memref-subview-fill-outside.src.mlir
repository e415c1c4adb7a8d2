// expect: refuted
// The target fills a subview whose columns reach past the 4x4 argument: its cells are the
// flat offsets 3 and 4 that the source stores to, but index (0, 1) of the subview is (0, 4)
// of its source, outside it: filling the whole view is UB.
func.func @f(%m: memref<4x4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  memref.store %v, %m[%c0, %c3] : memref<4x4xf32>
  memref.store %v, %m[%c1, %c0] : memref<4x4xf32>
  return
}
