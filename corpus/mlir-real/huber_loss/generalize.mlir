// tools/mlir_real.py: huber_loss, mlir-opt-19 --linalg-generalize-named-ops
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<() -> ()>
#map2 = affine_map<(d0, d1) -> ()>
module @jit_huber_loss {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %cst = arith.constant 3.200000e+01 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %19 = arith.subf %in, %in_3 : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x8xf32>) outs(%2 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = math.absf %in : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %4 = tensor.empty() : tensor<4x8xi1>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x8xf32>) outs(%4 : tensor<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %19 = arith.cmpf olt, %in, %cst_2 : f32
      linalg.yield %19 : i1
    } -> tensor<4x8xi1>
    %6 = tensor.empty() : tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x8xf32>) outs(%6 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.mulf %in, %cst_1 : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%7, %3 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %19 = arith.mulf %in, %in_3 : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %10 = tensor.empty() : tensor<4x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x8xf32>) outs(%10 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.subf %in, %cst_1 : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %12 = tensor.empty() : tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %9, %11 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%12 : tensor<4x8xf32>) {
    ^bb0(%in: i1, %in_3: f32, %in_4: f32, %out: f32):
      %19 = arith.select %in, %in_3, %in_4 : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %14 = tensor.empty() : tensor<f32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = []} ins(%cst_0 : f32) outs(%14 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<f32>
    %16 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction"]} ins(%13 : tensor<4x8xf32>) outs(%15 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.addf %out, %in : f32
      linalg.yield %19 : f32
    } -> tensor<f32>
    %17 = tensor.empty() : tensor<f32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = []} ins(%16 : tensor<f32>) outs(%17 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.divf %in, %cst : f32
      linalg.yield %19 : f32
    } -> tensor<f32>
    return %18 : tensor<f32>
  }
}

