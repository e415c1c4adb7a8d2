// tools/mlir_real.py: mlp, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module @jit_mlp {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16x8xf32>, %arg4: tensor<8xf32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg4 : memref<8xf32, strided<[?], offset: ?>>
    %1 = bufferization.to_memref %arg3 : memref<16x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg2 : memref<16xf32, strided<[?], offset: ?>>
    %3 = bufferization.to_memref %arg1 : memref<8x16xf32, strided<[?, ?], offset: ?>>
    %4 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0.797884583 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.fill ins(%cst_3 : f32) outs(%alloc : memref<4x16xf32>)
    linalg.matmul ins(%4, %3 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<8x16xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x16xf32>)
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : memref<16xf32, strided<[?], offset: ?>>) outs(%alloc_4 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_4 : memref<4x16xf32>, memref<4x16xf32>) outs(%alloc_5 : memref<4x16xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %6 = arith.addf %in, %in_18 : f32
      linalg.yield %6 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_5 : memref<4x16xf32>) outs(%alloc_6 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.mulf %in, %in : f32
      linalg.yield %6 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_6, %alloc_5 : memref<4x16xf32>, memref<4x16xf32>) outs(%alloc_7 : memref<4x16xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %6 = arith.mulf %in, %in_18 : f32
      linalg.yield %6 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_7 : memref<4x16xf32>) outs(%alloc_8 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.mulf %in, %cst_2 : f32
      linalg.yield %6 : f32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_5, %alloc_8 : memref<4x16xf32>, memref<4x16xf32>) outs(%alloc_9 : memref<4x16xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %6 = arith.addf %in, %in_18 : f32
      linalg.yield %6 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_9 : memref<4x16xf32>) outs(%alloc_10 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.mulf %in, %cst_1 : f32
      linalg.yield %6 : f32
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_10 : memref<4x16xf32>) outs(%alloc_11 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = math.tanh %in : f32
      linalg.yield %6 : f32
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_11 : memref<4x16xf32>) outs(%alloc_12 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.addf %in, %cst_0 : f32
      linalg.yield %6 : f32
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_12 : memref<4x16xf32>) outs(%alloc_13 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.mulf %in, %cst : f32
      linalg.yield %6 : f32
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_5, %alloc_13 : memref<4x16xf32>, memref<4x16xf32>) outs(%alloc_14 : memref<4x16xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %6 = arith.mulf %in, %in_18 : f32
      linalg.yield %6 : f32
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.fill ins(%cst_3 : f32) outs(%alloc_15 : memref<4x8xf32>)
    linalg.matmul ins(%alloc_14, %1 : memref<4x16xf32>, memref<16x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_15 : memref<4x8xf32>)
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc_16 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_15, %alloc_16 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_17 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_18: f32, %out: f32):
      %6 = arith.addf %in, %in_18 : f32
      linalg.yield %6 : f32
    }
    %5 = bufferization.to_tensor %alloc_17 : memref<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}

