func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %c3 = arith.constant 3 : index
  %t = bufferization.to_tensor %m : memref<4xf32>
  %x = tensor.extract %t[%c3] : tensor<4xf32>
  return %x : f32
}
