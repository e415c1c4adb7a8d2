// expect: unknown
// The target loads a cell of %m that may never have been initialized, where the source loads
// nothing. mlir-tv reads that as UB (refuted); LLVM's load of uninitialized memory is not UB
// (verified). MLIR does not say: unknown.
func.func @f(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}
