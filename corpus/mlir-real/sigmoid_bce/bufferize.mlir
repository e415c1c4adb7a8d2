// tools/mlir_real.py: sigmoid_bce, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<() -> ()>
module @jit_sigmoid_bce {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 3.200000e+01 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.maximumf %in, %cst_0 : f32
      linalg.yield %5 : f32
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %1 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_1 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %5 = arith.mulf %in, %in_10 : f32
      linalg.yield %5 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_1 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_2 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %5 = arith.subf %in, %in_10 : f32
      linalg.yield %5 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%0 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_3 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = math.absf %in : f32
      linalg.yield %5 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_3 : memref<4x8xf32>) outs(%alloc_4 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.negf %in : f32
      linalg.yield %5 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_4 : memref<4x8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = math.exp %in : f32
      linalg.yield %5 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_5 : memref<4x8xf32>) outs(%alloc_6 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = math.log1p %in : f32
      linalg.yield %5 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_2, %alloc_6 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_7 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %5 = arith.addf %in, %in_10 : f32
      linalg.yield %5 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_8 : memref<f32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction"]} ins(%alloc_7 : memref<4x8xf32>) outs(%alloc_8 : memref<f32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %out, %in : f32
      linalg.yield %5 : f32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%alloc_8 : memref<f32>) outs(%alloc_9 : memref<f32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.divf %in, %cst : f32
      linalg.yield %5 : f32
    }
    %4 = bufferization.to_tensor %alloc_9 : memref<f32>
    return %4 : tensor<f32>
  }
}

