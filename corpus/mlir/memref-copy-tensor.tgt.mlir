func.func @f(%a: memref<2x2xf32>) -> tensor<2x2xf32> {
  %t = bufferization.to_tensor %a : memref<2x2xf32>
  return %t : tensor<2x2xf32>
}
