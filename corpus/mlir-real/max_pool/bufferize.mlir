// tools/mlir_real.py: max_pool, mlir-opt-19 --one-shot-bufferize
module @jit_max_pool {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>) -> tensor<1x3x3x3xf32> {
    %0 = bufferization.to_memref %arg0 : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>
    %cst = arith.constant 0xFF800000 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_0 : memref<1x3x3x3xf32>)
    linalg.pooling_nhwc_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%0, %alloc : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<2x2xf32>) outs(%alloc_0 : memref<1x3x3x3xf32>)
    %1 = bufferization.to_tensor %alloc_0 : memref<1x3x3x3xf32>
    return %1 : tensor<1x3x3x3xf32>
  }
}

