// tools/mlir_real.py: cross_entropy, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
module @jit_cross_entropy {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<4xf32> {
    %0 = bufferization.to_memref %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%2 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.maximumf %out, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<4xf32>) outs(%alloc_1 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %alloc_1 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_2 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %4 = arith.subf %in, %in_11 : f32
      linalg.yield %4 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_2 : memref<4x8xf32>) outs(%alloc_3 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = math.exp %in : f32
      linalg.yield %4 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_4 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_3 : memref<4x8xf32>) outs(%alloc_4 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.addf %out, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%alloc_4 : memref<4xf32>) outs(%alloc_5 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = math.log %in : f32
      linalg.yield %4 : f32
    }
    %expand_shape = memref.expand_shape %alloc_5 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%expand_shape : memref<4x1xf32>) outs(%alloc_6 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_2, %alloc_6 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_7 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %4 = arith.subf %in, %in_11 : f32
      linalg.yield %4 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%0, %alloc_7 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_8 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %4 = arith.mulf %in, %in_11 : f32
      linalg.yield %4 : f32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_9 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_8 : memref<4x8xf32>) outs(%alloc_9 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.addf %out, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%alloc_9 : memref<4xf32>) outs(%alloc_10 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.negf %in : f32
      linalg.yield %4 : f32
    }
    %3 = bufferization.to_tensor %alloc_10 : memref<4xf32>
    return %3 : tensor<4xf32>
  }
}

