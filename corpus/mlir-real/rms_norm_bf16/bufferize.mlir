// tools/mlir_real.py: rms_norm_bf16, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d1)>
module @jit_rms_norm_bf16 {
  func.func public @main(%arg0: tensor<4x8xbf16>, %arg1: tensor<8xbf16>) -> tensor<4x8xbf16> {
    %0 = bufferization.to_memref %arg1 : memref<8xbf16, strided<[?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xbf16, strided<[?, ?], offset: ?>>
    %cst = arith.constant 9.99999974E-6 : f32
    %cst_0 = arith.constant 8.000000e+00 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : memref<4x8xbf16, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %3 = arith.extf %in : bf16 to f32
      linalg.yield %3 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<4x8xf32>) outs(%alloc_2 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%cst_1 : f32) outs(%alloc_3 : memref<4xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%alloc_2 : memref<4x8xf32>) outs(%alloc_3 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %out, %in : f32
      linalg.yield %3 : f32
    }
    %expand_shape = memref.expand_shape %alloc_3 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expand_shape : memref<4x1xf32>) outs(%alloc_4 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.divf %in, %cst_0 : f32
      linalg.yield %3 : f32
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_4 : memref<4x1xf32>) outs(%alloc_5 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %in, %cst : f32
      linalg.yield %3 : f32
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_5 : memref<4x1xf32>) outs(%alloc_6 : memref<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.rsqrt %in : f32
      linalg.yield %3 : f32
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_6 : memref<4x1xf32>) outs(%alloc_7 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc, %alloc_7 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_8 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %3 = arith.mulf %in, %in_13 : f32
      linalg.yield %3 : f32
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%0 : memref<8xbf16, strided<[?], offset: ?>>) outs(%alloc_9 : memref<8xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %3 = arith.extf %in : bf16 to f32
      linalg.yield %3 : f32
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map4, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_9 : memref<8xf32>) outs(%alloc_10 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_8, %alloc_10 : memref<4x8xf32>, memref<4x8xf32>) outs(%alloc_11 : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %3 = arith.mulf %in, %in_13 : f32
      linalg.yield %3 : f32
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x8xbf16>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc_11 : memref<4x8xf32>) outs(%alloc_12 : memref<4x8xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %3 = arith.truncf %in : f32 to bf16
      linalg.yield %3 : bf16
    }
    %2 = bufferization.to_tensor %alloc_12 : memref<4x8xbf16>
    return %2 : tensor<4x8xbf16>
  }
}

