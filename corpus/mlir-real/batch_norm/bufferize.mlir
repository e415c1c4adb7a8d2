// tools/mlir_real.py: batch_norm, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0) -> (d0)>
module @jit_batch_norm {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<8xf32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg4 : memref<8xf32, strided<[?], offset: ?>>
    %1 = bufferization.to_memref %arg3 : memref<8xf32, strided<[?], offset: ?>>
    %2 = bufferization.to_memref %arg2 : memref<8xf32, strided<[?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %4 = bufferization.to_memref %arg1 : memref<8xf32, strided<[?], offset: ?>>
    %cst = arith.constant 9.99999974E-6 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%4 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %alloc : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_0 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %6 = arith.subf %in, %in_9 : f32
      linalg.yield %6 : f32
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%2 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc_1 : memref<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.addf %in, %cst : f32
      linalg.yield %6 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%alloc_1 : memref<8xf32>) outs(%alloc_2 : memref<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = math.rsqrt %in : f32
      linalg.yield %6 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_2 : memref<8xf32>) outs(%alloc_3 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_0, %alloc_3 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_4 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %6 = arith.mulf %in, %in_9 : f32
      linalg.yield %6 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%1 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_4, %alloc_5 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_6 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %6 = arith.mulf %in, %in_9 : f32
      linalg.yield %6 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc_7 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_6, %alloc_7 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_8 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %6 = arith.addf %in, %in_9 : f32
      linalg.yield %6 : f32
    }
    %5 = bufferization.to_tensor %alloc_8 : memref<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}

