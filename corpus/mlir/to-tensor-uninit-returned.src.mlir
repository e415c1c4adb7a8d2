// expect: verified
// A tensor of a fresh buffer with one cell stored, returned: the other element was never
// initialized, which is not UB until it is used (mlir-tv; one-shot-bufferize makes such pairs
// from a returned tensor.empty), and it refines to any value.
func.func @f(%v: f32) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<2xf32>
  memref.store %v, %m[%c0] : memref<2xf32>
  %t = bufferization.to_tensor %m : memref<2xf32>
  return %t : tensor<2xf32>
}
