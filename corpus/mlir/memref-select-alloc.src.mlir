// expect: unknown
// A select of two writable buffers aliases one of them: outside the model (unsupported).
func.func @f(%c: i1, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1xf32>
  %b = memref.alloc() : memref<1xf32>
  memref.store %x, %a[%c0] : memref<1xf32>
  memref.store %x, %b[%c0] : memref<1xf32>
  %m = arith.select %c, %a, %b : memref<1xf32>
  %v = memref.load %m[%c0] : memref<1xf32>
  return %v : f32
}
