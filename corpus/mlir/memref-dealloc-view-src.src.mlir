// expect: vacuous
// dealloc "should not be called on memrefs which alias an alloc'd memref (e.g. memrefs returned
// by view operations)": UB, so a source that frees a subview is refined by anything.
func.func @f(%x: f32) -> f32 {
  %p = memref.alloc() : memref<8xf32>
  %v = memref.subview %p[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  memref.dealloc %v : memref<4xf32, strided<[1]>>
  return %x : f32
}
