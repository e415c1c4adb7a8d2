// tools/mlir_real.py: conv_relu, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module @jit_conv_relu {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
    %0 = bufferization.to_memref %arg1 : memref<3x3x3x4xf32, strided<[?, ?, ?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc : memref<1x4x4x4xf32>)
    linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%1, %0 : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<3x3x3x4xf32, strided<[?, ?, ?, ?], offset: ?>>) outs(%alloc : memref<1x4x4x4xf32>)
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x4x4x4xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc : memref<1x4x4x4xf32>) outs(%alloc_0 : memref<1x4x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.maximumf %in, %cst : f32
      linalg.yield %3 : f32
    }
    %2 = bufferization.to_tensor %alloc_0 : memref<1x4x4x4xf32>
    return %2 : tensor<1x4x4x4xf32>
  }
}

