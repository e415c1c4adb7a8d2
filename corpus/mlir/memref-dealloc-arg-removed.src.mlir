// expect: verified
// Removing the dealloc of an argument: the source frees the caller's block (or, if the caller
// did not allocate it, is UB); either way the target, which keeps it live, refines it.
func.func @f(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}
