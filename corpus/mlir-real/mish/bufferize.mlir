// tools/mlir_real.py: mish, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_mish {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %4 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.maximumf %in, %cst : f32
      linalg.yield %6 : f32
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_0 : memref<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %6 = arith.cmpf une, %in, %in : f32
      linalg.yield %6 : i1
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_1 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.addf %in, %cst : f32
      linalg.yield %6 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_2 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = math.absf %in : f32
      linalg.yield %6 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_2 : memref<4x8xf32>) outs(%alloc_3 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.negf %in : f32
      linalg.yield %6 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_3 : memref<4x8xf32>) outs(%alloc_4 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = math.exp %in : f32
      linalg.yield %6 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_4 : memref<4x8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = math.log1p %in : f32
      linalg.yield %6 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_5 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_6 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %6 = arith.addf %in, %in_10 : f32
      linalg.yield %6 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_0, %alloc_1, %alloc_6 : memref<4x8xi1>, memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_7 : memref<4x8xf32>) {
    ^bb0(%in: i1, %in_10: f32, %in_11: f32, %out: f32):
      %6 = arith.select %in, %in_10, %in_11 : f32
      linalg.yield %6 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_7 : memref<4x8xf32>) outs(%alloc_8 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = math.tanh %in : f32
      linalg.yield %6 : f32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%0, %alloc_8 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_9 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %6 = arith.mulf %in, %in_10 : f32
      linalg.yield %6 : f32
    }
    %5 = bufferization.to_tensor %alloc_9 : memref<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}

