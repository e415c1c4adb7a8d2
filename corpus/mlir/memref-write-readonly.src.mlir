// expect: refuted
// Writing into the buffer of bufferization.to_memref (of a tensor) is UB in the target.
func.func @f(%t: tensor<4xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %m = bufferization.to_memref %t : memref<4xf32>
  %x = memref.load %m[%c0] : memref<4xf32>
  return %x : f32
}
