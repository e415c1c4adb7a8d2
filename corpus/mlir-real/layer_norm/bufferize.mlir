// tools/mlir_real.py: layer_norm, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (d1)>
module @jit_layer_norm {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg2 : memref<8xf32, strided<[?], offset: ?>>
    %1 = bufferization.to_memref %arg1 : memref<8xf32, strided<[?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 9.99999974E-6 : f32
    %cst_0 = arith.constant 8.000000e+00 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_1 : f32) outs(%alloc : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%3 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %out, %in : f32
      linalg.yield %5 : f32
    }
    %expand_shape = memref.expand_shape %alloc [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expand_shape : memref<4x1xf32>) outs(%alloc_2 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.divf %in, %cst_0 : f32
      linalg.yield %5 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_2 : memref<4x1xf32>) outs(%alloc_3 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %alloc_3 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_4 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %5 = arith.subf %in, %in_17 : f32
      linalg.yield %5 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_4 : memref<4x8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.mulf %in, %in : f32
      linalg.yield %5 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_1 : f32) outs(%alloc_6 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_5 : memref<4x8xf32>) outs(%alloc_6 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %out, %in : f32
      linalg.yield %5 : f32
    }
    %expand_shape_7 = memref.expand_shape %alloc_6 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expand_shape_7 : memref<4x1xf32>) outs(%alloc_8 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.divf %in, %cst_0 : f32
      linalg.yield %5 : f32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_8 : memref<4x1xf32>) outs(%alloc_9 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %in, %cst : f32
      linalg.yield %5 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_9 : memref<4x1xf32>) outs(%alloc_10 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = math.sqrt %in : f32
      linalg.yield %5 : f32
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_10 : memref<4x1xf32>) outs(%alloc_11 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_4, %alloc_11 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_12 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %5 = arith.divf %in, %in_17 : f32
      linalg.yield %5 : f32
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc_13 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_12, %alloc_13 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_14 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %5 = arith.mulf %in, %in_17 : f32
      linalg.yield %5 : f32
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%0 : memref<8xf32, strided<[?], offset: ?>>) outs(%alloc_15 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_14, %alloc_15 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_16 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_17: f32, %out: f32):
      %5 = arith.addf %in, %in_17 : f32
      linalg.yield %5 : f32
    }
    %4 = bufferization.to_tensor %alloc_16 : memref<4x8xf32>
    return %4 : tensor<4x8xf32>
  }
}

