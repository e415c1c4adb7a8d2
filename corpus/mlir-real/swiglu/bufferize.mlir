// tools/mlir_real.py: swiglu, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_swiglu {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<8x16xf32>) -> tensor<4x16xf32> {
    %0 = bufferization.to_memref %arg2 : memref<8x16xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg1 : memref<8x16xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<4x16xf32>)
    linalg.matmul ins(%3, %2 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<8x16xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x16xf32>)
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<4x16xf32>) outs(%alloc_1 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.negf %in : f32
      linalg.yield %5 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_1 : memref<4x16xf32>) outs(%alloc_2 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = math.exp %in : f32
      linalg.yield %5 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_2 : memref<4x16xf32>) outs(%alloc_3 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %in, %cst : f32
      linalg.yield %5 : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_3 : memref<4x16xf32>) outs(%alloc_4 : memref<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.divf %cst, %in : f32
      linalg.yield %5 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_4 : memref<4x16xf32>, memref<4x16xf32>) outs(%alloc_5 : memref<4x16xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %5 = arith.mulf %in, %in_8 : f32
      linalg.yield %5 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_6 : memref<4x16xf32>)
    linalg.matmul ins(%1, %0 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<8x16xf32, strided<[?, ?], offset: ?>>) outs(%alloc_6 : memref<4x16xf32>)
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_5, %alloc_6 : memref<4x16xf32>, memref<4x16xf32>) outs(%alloc_7 : memref<4x16xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %5 = arith.mulf %in, %in_8 : f32
      linalg.yield %5 : f32
    }
    %4 = bufferization.to_tensor %alloc_7 : memref<4x16xf32>
    return %4 : tensor<4x16xf32>
  }
}

