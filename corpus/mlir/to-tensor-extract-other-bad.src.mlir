// expect: refuted
// The target extracts another cell than the source loads: where that cell was never
// initialized the target is UB and the source is not.
func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %x = memref.load %m[%i] : memref<4xf32>
  return %x : f32
}
