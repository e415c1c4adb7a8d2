// expect: refuted
// The target loads a cell of %m that may never have been initialized, where the source loads
// nothing. A load of an uninitialized cell is UB (mlir-tv's reading, which the issue adopts;
// LLVM's load of uninitialized memory is not UB): the target adds UB.
func.func @f(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}
