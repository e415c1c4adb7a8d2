// tools/mlir_real.py: causal_attention, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<() -> ()>
#map3 = affine_map<(d0, d1) -> ()>
#map4 = affine_map<(d0) -> (d0)>
#map5 = affine_map<(d0, d1) -> (d0)>
#map6 = affine_map<(d0, d1) -> (d1)>
module @jit_causal_attention {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg2 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 2.82842708 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.fill ins(%cst_2 : f32) outs(%alloc_3 : memref<4x4xf32>)
    linalg.matmul ins(%1, %alloc : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<8x4xf32>) outs(%alloc_3 : memref<4x4xf32>)
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.generic {indexing_maps = [#map2], iterator_types = []} outs(%alloc_4 : memref<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%alloc_4 : memref<f32>) outs(%alloc_5 : memref<f32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.divf %cst_1, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map3, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_5 : memref<f32>) outs(%alloc_6 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_3, %alloc_6 : memref<4x4xf32>, memref<4x4xf32>) outs(%alloc_7 : memref<4x4xf32>) {
    ^bb0(%in: f32, %in_21: f32, %out: f32):
      %4 = arith.mulf %in, %in_21 : f32
      linalg.yield %4 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel"]} outs(%alloc_8 : memref<4xi32>) {
    ^bb0(%out: i32):
      %4 = linalg.index 0 : index
      %5 = arith.index_cast %4 : index to i32
      linalg.yield %5 : i32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
    linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_8 : memref<4xi32>) outs(%alloc_9 : memref<4x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
    linalg.generic {indexing_maps = [#map6, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_8 : memref<4xi32>) outs(%alloc_10 : memref<4x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x4xi1>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_9, %alloc_10 : memref<4x4xi32>, memref<4x4xi32>) outs(%alloc_11 : memref<4x4xi1>) {
    ^bb0(%in: i32, %in_21: i32, %out: i1):
      %4 = arith.cmpi sge, %in, %in_21 : i32
      linalg.yield %4 : i1
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_11, %alloc_7 : memref<4x4xi1>, memref<4x4xf32>) outs(%alloc_12 : memref<4x4xf32>) {
    ^bb0(%in: i1, %in_21: f32, %out: f32):
      %4 = arith.select %in, %in_21, %cst_0 : f32
      linalg.yield %4 : f32
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_13 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "reduction"]} ins(%alloc_12 : memref<4x4xf32>) outs(%alloc_13 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.maximumf %out, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_13 : memref<4xf32>) outs(%alloc_14 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_12, %alloc_14 : memref<4x4xf32>, memref<4x4xf32>) outs(%alloc_15 : memref<4x4xf32>) {
    ^bb0(%in: f32, %in_21: f32, %out: f32):
      %4 = arith.subf %in, %in_21 : f32
      linalg.yield %4 : f32
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_15 : memref<4x4xf32>) outs(%alloc_16 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = math.exp %in : f32
      linalg.yield %4 : f32
    }
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_2 : f32) outs(%alloc_17 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "reduction"]} ins(%alloc_16 : memref<4x4xf32>) outs(%alloc_17 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.addf %out, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_17 : memref<4xf32>) outs(%alloc_18 : memref<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_16, %alloc_18 : memref<4x4xf32>, memref<4x4xf32>) outs(%alloc_19 : memref<4x4xf32>) {
    ^bb0(%in: f32, %in_21: f32, %out: f32):
      %4 = arith.divf %in, %in_21 : f32
      linalg.yield %4 : f32
    }
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.fill ins(%cst_2 : f32) outs(%alloc_20 : memref<4x8xf32>)
    linalg.matmul ins(%alloc_19, %0 : memref<4x4xf32>, memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc_20 : memref<4x8xf32>)
    %3 = bufferization.to_tensor %alloc_20 : memref<4x8xf32>
    return %3 : tensor<4x8xf32>
  }
}

