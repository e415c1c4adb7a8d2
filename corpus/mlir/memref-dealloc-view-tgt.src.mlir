// expect: refuted
// The target frees a subview instead of the allocation: UB (dealloc of a view).
func.func @f() {
  %p = memref.alloc() : memref<8xf32>
  memref.dealloc %p : memref<8xf32>
  return
}
