// tools/mlir_real.py: leaky_relu, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_leaky_relu {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 0.00999999977 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %4 = arith.cmpf oge, %in, %cst_0 : f32
      linalg.yield %4 : i1
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_1 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.mulf %in, %cst : f32
      linalg.yield %4 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %0, %alloc_1 : memref<4x8xi1>, memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_2 : memref<4x8xf32>) {
    ^bb0(%in: i1, %in_3: f32, %in_4: f32, %out: f32):
      %4 = arith.select %in, %in_3, %in_4 : f32
      linalg.yield %4 : f32
    }
    %3 = bufferization.to_tensor %alloc_2 : memref<4x8xf32>
    return %3 : tensor<4x8xf32>
  }
}

