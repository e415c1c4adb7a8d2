// tools/mlir_real.py: variance_unbiased, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (0, d1)>
#map5 = affine_map<() -> ()>
#map6 = affine_map<(d0) -> ()>
#map7 = affine_map<(d0) -> (d0)>
module @jit_variance_unbiased {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<8xf32> {
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0x7FC00000 : f32
    %cst_1 = arith.constant 4.000000e+00 : f32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.fill ins(%cst_2 : f32) outs(%alloc : memref<8xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.addf %out, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<1x8xf32>
    linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<8xf32>) outs(%alloc_3 : memref<1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<1x8xf32>
    linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc_3 : memref<1x8xf32>) outs(%alloc_4 : memref<1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.divf %in, %cst_1 : f32
      linalg.yield %4 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc_4 : memref<1x8xf32>) outs(%alloc_5 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%0, %alloc_5 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32>) outs(%alloc_6 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %4 = arith.subf %in, %in_15 : f32
      linalg.yield %4 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%alloc_6 : memref<4x8xf32>) outs(%alloc_7 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.mulf %in, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.generic {indexing_maps = [#map5], iterator_types = []} outs(%alloc_8 : memref<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%alloc_8 : memref<f32>) outs(%alloc_9 : memref<f32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.subf %cst_1, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.fill ins(%cst_2 : f32) outs(%alloc_10 : memref<8xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_7 : memref<4x8xf32>) outs(%alloc_10 : memref<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.addf %out, %in : f32
      linalg.yield %4 : f32
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel"]} ins(%alloc_9 : memref<f32>) outs(%alloc_11 : memref<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = ["parallel"]} ins(%alloc_10, %alloc_11 : memref<8xf32>, memref<8xf32>) outs(%alloc_12 : memref<8xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %4 = arith.divf %in, %in_15 : f32
      linalg.yield %4 : f32
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<i1>
    linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%alloc_9 : memref<f32>) outs(%alloc_13 : memref<i1>) {
    ^bb0(%in: f32, %out: i1):
      %4 = arith.cmpf ogt, %in, %cst_2 : f32
      linalg.yield %4 : i1
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    %2 = memref.load %alloc_13[] : memref<i1>
    linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel"]} ins(%alloc_12 : memref<8xf32>) outs(%alloc_14 : memref<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.select %2, %in, %cst_0 : f32
      linalg.yield %4 : f32
    }
    %3 = bufferization.to_tensor %alloc_14 : memref<8xf32>
    return %3 : tensor<8xf32>
  }
}

