// tools/mlir_real.py: gelu_tanh, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_gelu_tanh {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0.797884583 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.mulf %in, %in : f32
      linalg.yield %5 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %2 : memref<4x8xf32>, memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_3 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %5 = arith.mulf %in, %in_11 : f32
      linalg.yield %5 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_3 : memref<4x8xf32>) outs(%alloc_4 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.mulf %in, %cst_2 : f32
      linalg.yield %5 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %alloc_4 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %5 = arith.addf %in, %in_11 : f32
      linalg.yield %5 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_5 : memref<4x8xf32>) outs(%alloc_6 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.mulf %in, %cst_1 : f32
      linalg.yield %5 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_6 : memref<4x8xf32>) outs(%alloc_7 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = math.tanh %in : f32
      linalg.yield %5 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_7 : memref<4x8xf32>) outs(%alloc_8 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %in, %cst_0 : f32
      linalg.yield %5 : f32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_8 : memref<4x8xf32>) outs(%alloc_9 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.mulf %in, %cst : f32
      linalg.yield %5 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%0, %alloc_9 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_10 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %5 = arith.mulf %in, %in_11 : f32
      linalg.yield %5 : f32
    }
    %4 = bufferization.to_tensor %alloc_10 : memref<4x8xf32>
    return %4 : tensor<4x8xf32>
  }
}

