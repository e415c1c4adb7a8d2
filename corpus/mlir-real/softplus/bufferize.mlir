// tools/mlir_real.py: softplus, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_softplus {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.absf %in : f32
      linalg.yield %3 : f32
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<4x8xf32>) outs(%alloc_0 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.negf %in : f32
      linalg.yield %3 : f32
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_0 : memref<4x8xf32>) outs(%alloc_1 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.exp %in : f32
      linalg.yield %3 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_1 : memref<4x8xf32>) outs(%alloc_2 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.log1p %in : f32
      linalg.yield %3 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%0 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_3 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.maximumf %in, %cst : f32
      linalg.yield %3 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_2, %alloc_3 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_4 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %3 = arith.addf %in, %in_5 : f32
      linalg.yield %3 : f32
    }
    %2 = bufferization.to_tensor %alloc_4 : memref<4x8xf32>
    return %2 : tensor<4x8xf32>
  }
}

