func.func @f(%m: memref<2x3xf32>, %i: index, %j: index) -> f32 {
  %t = bufferization.to_tensor %m : memref<2x3xf32>
  %x = tensor.extract %t[%i, %j] : tensor<2x3xf32>
  return %x : f32
}
