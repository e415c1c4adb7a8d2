// tools/mlir_real.py: mish, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_mish {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.maximumf %in, %cst : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4x8xi1>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%2 : tensor<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %22 = arith.cmpf une, %in, %in : f32
      linalg.yield %22 : i1
    } -> tensor<4x8xi1>
    %4 = tensor.empty() : tensor<4x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%4 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.addf %in, %cst : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %6 = tensor.empty() : tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%6 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.absf %in : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.negf %in : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %10 = tensor.empty() : tensor<4x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<4x8xf32>) outs(%10 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.exp %in : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %12 = tensor.empty() : tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x8xf32>) outs(%12 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.log1p %in : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %14 = tensor.empty() : tensor<4x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%14 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %22 = arith.addf %in, %in_0 : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %16 = tensor.empty() : tensor<4x8xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %5, %15 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%16 : tensor<4x8xf32>) {
    ^bb0(%in: i1, %in_0: f32, %in_1: f32, %out: f32):
      %22 = arith.select %in, %in_0, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %18 = tensor.empty() : tensor<4x8xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<4x8xf32>) outs(%18 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.tanh %in : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    %20 = tensor.empty() : tensor<4x8xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %19 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%20 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %22 = arith.mulf %in, %in_0 : f32
      linalg.yield %22 : f32
    } -> tensor<4x8xf32>
    return %21 : tensor<4x8xf32>
  }
}

