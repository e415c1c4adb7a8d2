// tools/mlir_real.py: mse_loss, mlir-opt-19 --one-shot-bufferize
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<() -> ()>
module @jit_mse_loss {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %0 = bufferization.to_memref %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %cst = arith.constant 3.200000e+01 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %0 : memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<4x8xf32, strided<[?, ?], offset: ?>>) outs(%alloc : memref<4x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %3 = arith.subf %in, %in_4 : f32
      linalg.yield %3 : f32
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<4x8xf32>) outs(%alloc_1 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.mulf %in, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.fill ins(%cst_0 : f32) outs(%alloc_2 : memref<f32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction"]} ins(%alloc_1 : memref<4x8xf32>) outs(%alloc_2 : memref<f32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.addf %out, %in : f32
      linalg.yield %3 : f32
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%alloc_2 : memref<f32>) outs(%alloc_3 : memref<f32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = arith.divf %in, %cst : f32
      linalg.yield %3 : f32
    }
    %2 = bufferization.to_tensor %alloc_3 : memref<f32>
    return %2 : tensor<f32>
  }
}

