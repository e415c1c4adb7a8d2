// expect: verified
// Removing a cast to a static size (an assertion that fails, UB, when the size is another)
// only makes the target more defined.
func.func @f(%a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c = memref.cast %a : memref<?xf32> to memref<4xf32>
  %x = memref.load %c[%c0] : memref<4xf32>
  return %x : f32
}
