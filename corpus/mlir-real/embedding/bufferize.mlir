// tools/mlir_real.py: embedding, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module @jit_embedding {
  func.func public @main(%arg0: tensor<16x8xf32>, %arg1: tensor<4xi32>) -> tensor<4x8xf32> {
    %0 = bufferization.to_memref %arg0 : memref<16x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg1 : memref<4xi32, strided<[?], offset: ?>>
    %2 = bufferization.to_memref %arg1 : memref<4xi32, strided<[?], offset: ?>>
    %3 = bufferization.to_memref %arg1 : memref<4xi32, strided<[?], offset: ?>>
    %cst = arith.constant 0x7FC00000 : f32
    %true = arith.constant true
    %c15_i32 = arith.constant 15 : i32
    %c16_i32 = arith.constant 16 : i32
    %c0_i32 = arith.constant 0 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%3 : memref<4xi32, strided<[?], offset: ?>>) outs(%alloc : memref<4xi1>) {
    ^bb0(%in: i32, %out: i1):
      %5 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %5 : i1
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%2 : memref<4xi32, strided<[?], offset: ?>>) outs(%alloc_0 : memref<4xi32>) {
    ^bb0(%in: i32, %out: i32):
      %5 = arith.addi %in, %c16_i32 : i32
      linalg.yield %5 : i32
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%alloc, %alloc_0, %1 : memref<4xi1>, memref<4xi32>, memref<4xi32, strided<[?], offset: ?>>) outs(%alloc_1 : memref<4xi32>) {
    ^bb0(%in: i1, %in_9: i32, %in_10: i32, %out: i32):
      %5 = arith.select %in, %in_9, %in_10 : i32
      linalg.yield %5 : i32
    }
    %expand_shape = memref.expand_shape %alloc_1 [[0, 1]] output_shape [4, 1] : memref<4xi32> into memref<4x1xi32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%expand_shape : memref<4x1xi32>) outs(%alloc_2 : memref<4x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %5 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %5 : i1
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%expand_shape : memref<4x1xi32>) outs(%alloc_3 : memref<4x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %5 = arith.cmpi sle, %in, %c15_i32 : i32
      linalg.yield %5 : i1
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_2, %alloc_3 : memref<4x1xi1>, memref<4x1xi1>) outs(%alloc_4 : memref<4x1xi1>) {
    ^bb0(%in: i1, %in_9: i1, %out: i1):
      %5 = arith.andi %in, %in_9 : i1
      linalg.yield %5 : i1
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
    linalg.fill ins(%true : i1) outs(%alloc_5 : memref<4xi1>)
    linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%alloc_4 : memref<4x1xi1>) outs(%alloc_5 : memref<4xi1>) {
    ^bb0(%in: i1, %out: i1):
      %5 = arith.andi %out, %in : i1
      linalg.yield %5 : i1
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x1x8xf32>
    linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expand_shape : memref<4x1xi32>) outs(%alloc_6 : memref<4x1x8xf32>) {
    ^bb0(%in: i32, %out: f32):
      %5 = arith.index_cast %in : i32 to index
      %6 = linalg.index 2 : index
      %7 = memref.load %0[%5, %6] : memref<16x8xf32, strided<[?, ?], offset: ?>>
      linalg.yield %7 : f32
    }
    %collapse_shape = memref.collapse_shape %alloc_6 [[0], [1, 2]] : memref<4x1x8xf32> into memref<4x8xf32>
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_5 : memref<4xi1>) outs(%alloc_7 : memref<4x8xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%alloc_7, %collapse_shape : memref<4x8xi1>, memref<4x8xf32>) outs(%alloc_8 : memref<4x8xf32>) {
    ^bb0(%in: i1, %in_9: f32, %out: f32):
      %5 = arith.select %in, %in_9, %cst : f32
      linalg.yield %5 : f32
    }
    %4 = bufferization.to_tensor %alloc_8 : memref<4x8xf32>
    return %4 : tensor<4x8xf32>
  }
}

