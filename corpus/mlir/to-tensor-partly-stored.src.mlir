// expect: vacuous
// An element of a tensor of a fresh buffer whose cell was never stored: the tensor.extract of
// an uninitialized element is UB (mlir-tv's reading), on every input.
func.func @f(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<2xf32>
  memref.store %v, %m[%c0] : memref<2xf32>
  %t = bufferization.to_tensor %m : memref<2xf32>
  %x = tensor.extract %t[%c1] : tensor<2xf32>
  return %x : f32
}
