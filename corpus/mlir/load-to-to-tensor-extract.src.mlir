// expect: verified
// The reverse of to-tensor-extract-to-load: the source loads one cell, the target extracts it
// from a tensor of the whole buffer; both are UB exactly when that cell was never initialized
// (the other cells may be: the tensor's uninitialized elements are not used).
func.func @f(%m: memref<2x3xf32>, %i: index, %j: index) -> f32 {
  %x = memref.load %m[%i, %j] : memref<2x3xf32>
  return %x : f32
}
