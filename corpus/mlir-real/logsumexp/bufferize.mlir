// tools/mlir_real.py: logsumexp, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
module @jit_logsumexp {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0x7F800000 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_1 : f32) outs(%alloc : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.maximumf %out, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%alloc : memref<4xf32>) outs(%alloc_2 : memref<4xi1>) {
    ^bb0(%in: f32, %out: i1):
      %3 = math.absf %in : f32
      %4 = arith.cmpf one, %3, %cst_0 : f32
      linalg.yield %4 : i1
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%alloc_2, %alloc : memref<4xi1>, memref<4xf32>) outs(%alloc_3 : memref<4xf32>) {
    ^bb0(%in: i1, %in_11: f32, %out: f32):
      %3 = arith.select %in, %in_11, %cst : f32
      linalg.yield %3 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_3 : memref<4xf32>) outs(%alloc_4 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%0, %alloc_4 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %3 = arith.subf %in, %in_11 : f32
      linalg.yield %3 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_5 : memref<4x8xf32>) outs(%alloc_6 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.exp %in : f32
      linalg.yield %3 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst : f32) outs(%alloc_7 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_6 : memref<4x8xf32>) outs(%alloc_7 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %out, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%alloc_7 : memref<4xf32>) outs(%alloc_8 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.absf %in : f32
      linalg.yield %3 : f32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%alloc_8 : memref<4xf32>) outs(%alloc_9 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.log %in : f32
      linalg.yield %3 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%alloc_9, %alloc_3 : memref<4xf32>, memref<4xf32>) outs(%alloc_10 : memref<4xf32>) {
    ^bb0(%in: f32, %in_11: f32, %out: f32):
      %3 = arith.addf %in, %in_11 : f32
      linalg.yield %3 : f32
    }
    %2 = bufferization.to_tensor %alloc_10 : memref<4xf32>
    return %2 : tensor<4xf32>
  }
}

