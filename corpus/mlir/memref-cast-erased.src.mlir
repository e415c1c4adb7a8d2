// expect: verified
// A memref.cast to a dynamic size is the same view: loading through it is loading from %a.
func.func @f(%a: memref<4xf32>, %i: index) -> f32 {
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  %x = memref.load %c[%i] : memref<?xf32>
  return %x : f32
}
