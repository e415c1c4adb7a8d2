// expect: verified
// A load after a store to the same cell of a fresh buffer reads the stored value; the
// buffer's other cells are never read. Rewriting the load as the value is correct.
func.func @f(%v: f32, %i: index) -> f32 {
  %m = memref.alloc() : memref<8xf32>
  memref.store %v, %m[%i] : memref<8xf32>
  %x = memref.load %m[%i] : memref<8xf32>
  memref.dealloc %m : memref<8xf32>
  return %x : f32
}
