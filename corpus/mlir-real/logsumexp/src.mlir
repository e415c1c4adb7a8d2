// tools/mlir_real.py: logsumexp, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
module @jit_logsumexp {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0x7F800000 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<4xf32>
    %1 = linalg.fill ins(%cst_1 : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.maximumf %out, %in : f32
      linalg.yield %22 : f32
    } -> tensor<4xf32>
    %3 = tensor.empty() : tensor<4xi1>
    %4 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%2 : tensor<4xf32>) outs(%3 : tensor<4xi1>) {
    ^bb0(%in: f32, %out: i1):
      %22 = math.absf %in : f32
      %23 = arith.cmpf one, %22, %cst_0 : f32
      linalg.yield %23 : i1
    } -> tensor<4xi1>
    %5 = tensor.empty() : tensor<4xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%4, %2 : tensor<4xi1>, tensor<4xf32>) outs(%5 : tensor<4xf32>) {
    ^bb0(%in: i1, %in_2: f32, %out: f32):
      %22 = arith.select %in, %in_2, %cst : f32
      linalg.yield %22 : f32
    } -> tensor<4xf32>
    %7 = tensor.empty() : tensor<4x8xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<4xf32>) outs(%7 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %9 = tensor.empty() : tensor<4x8xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %8 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%9 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %22 = arith.subf %in, %in_2 : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %11 = tensor.empty() : tensor<4x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<4x8xf32>) outs(%11 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.exp %in : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %13 = tensor.empty() : tensor<4xf32>
    %14 = linalg.fill ins(%cst : f32) outs(%13 : tensor<4xf32>) -> tensor<4xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%12 : tensor<4x8xf32>) outs(%14 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.addf %out, %in : f32
      linalg.yield %22 : f32
    } -> tensor<4xf32>
    %16 = tensor.empty() : tensor<4xf32>
    %17 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%15 : tensor<4xf32>) outs(%16 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.absf %in : f32
      linalg.yield %22 : f32
    } -> tensor<4xf32>
    %18 = tensor.empty() : tensor<4xf32>
    %19 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%17 : tensor<4xf32>) outs(%18 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.log %in : f32
      linalg.yield %22 : f32
    } -> tensor<4xf32>
    %20 = tensor.empty() : tensor<4xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel"]} ins(%19, %6 : tensor<4xf32>, tensor<4xf32>) outs(%20 : tensor<4xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %22 = arith.addf %in, %in_2 : f32
      linalg.yield %22 : f32
    } -> tensor<4xf32>
    return %21 : tensor<4xf32>
  }
}

