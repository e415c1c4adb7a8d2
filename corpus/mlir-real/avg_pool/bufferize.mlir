// tools/mlir_real.py: avg_pool, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module @jit_avg_pool {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>) -> tensor<1x3x3x3xf32> {
    %0 = bufferization.to_memref %arg0 : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x2xf32>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x3xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<1x3x3x3xf32>)
    linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%0, %alloc : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<2x2xf32>) outs(%alloc_1 : memref<1x3x3x3xf32>)
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x3xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%alloc_1 : memref<1x3x3x3xf32>) outs(%alloc_2 : memref<1x3x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.divf %in, %cst_0 : f32
      linalg.yield %2 : f32
    }
    %1 = bufferization.to_tensor %alloc_2 : memref<1x3x3x3xf32>
    return %1 : tensor<1x3x3x3xf32>
  }
}

