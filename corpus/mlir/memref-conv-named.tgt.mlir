func.func @f(%i: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x3xf32>, %o: memref<1x3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %z = arith.constant 0.0 : f32
  %mi = bufferization.to_memref %i : memref<1x4x4x2xf32>
  %mw = bufferization.to_memref %w : memref<2x2x2x3xf32>
  linalg.fill ins(%z : f32) outs(%o : memref<1x3x3x3xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%mi, %mw : memref<1x4x4x2xf32>, memref<2x2x2x3xf32>) outs(%o : memref<1x3x3x3xf32>)
  %r = bufferization.to_tensor %o : memref<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}
