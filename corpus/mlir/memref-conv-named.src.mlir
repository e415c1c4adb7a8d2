// expect: verified
// A named convolution on buffers (no result: it writes its `outs` memref) means its tensor
// form: inputs read from the buffers, the result written over the output buffer.
func.func @f(%i: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x3xf32>, %o: memref<1x3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x4x4x2xf32>, tensor<2x2x2x3xf32>) outs(%f : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %m = bufferization.to_memref %r : memref<1x3x3x3xf32>
  memref.copy %m, %o : memref<1x3x3x3xf32> to memref<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}
