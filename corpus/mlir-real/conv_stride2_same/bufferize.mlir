// tools/mlir_real.py: conv_stride2_same, mlir-opt-19 --one-shot-bufferize
module @jit_conv_stride2_same {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
    %0 = bufferization.to_memref %arg0 : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg1 : memref<3x3x3x4xf32, strided<[?, ?, ?, ?], offset: ?>>
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<1x3x3x4xf32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x7x7x3xf32>
    linalg.map outs(%alloc_0 : memref<1x7x7x3xf32>)
      () {
        %3 = linalg.index 0 : index
        %4 = linalg.index 1 : index
        %5 = linalg.index 2 : index
        %6 = linalg.index 3 : index
        linalg.yield %cst : f32
      }
    %subview = memref.subview %alloc_0[0, 0, 0, 0] [1, 6, 6, 3] [1, 1, 1, 1] : memref<1x7x7x3xf32> to memref<1x6x6x3xf32, strided<[147, 21, 3, 1]>>
    memref.copy %0, %subview : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>> to memref<1x6x6x3xf32, strided<[147, 21, 3, 1]>>
    linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%alloc_0, %1 : memref<1x7x7x3xf32>, memref<3x3x3x4xf32, strided<[?, ?, ?, ?], offset: ?>>) outs(%alloc : memref<1x3x3x4xf32>)
    %2 = bufferization.to_tensor %alloc : memref<1x3x3x4xf32>
    return %2 : tensor<1x3x3x4xf32>
  }
}

