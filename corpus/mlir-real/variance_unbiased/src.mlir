// tools/mlir_real.py: variance_unbiased, IREE input (linalg on tensors), util.func renamed
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
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0x7FC00000 : f32
    %cst_1 = arith.constant 4.000000e+00 : f32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8xf32>
    %1 = linalg.fill ins(%cst_2 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.addf %out, %in : f32
      linalg.yield %28 : f32
    } -> tensor<8xf32>
    %3 = tensor.empty() : tensor<1x8xf32>
    %4 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<8xf32>) outs(%3 : tensor<1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x8xf32>
    %5 = tensor.empty() : tensor<1x8xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<1x8xf32>) outs(%5 : tensor<1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.divf %in, %cst_1 : f32
      linalg.yield %28 : f32
    } -> tensor<1x8xf32>
    %7 = tensor.empty() : tensor<4x8xf32>
    %8 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<1x8xf32>) outs(%7 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %9 = tensor.empty() : tensor<4x8xf32>
    %10 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%arg0, %8 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%9 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %28 = arith.subf %in, %in_3 : f32
      linalg.yield %28 : f32
    } -> tensor<4x8xf32>
    %11 = tensor.empty() : tensor<4x8xf32>
    %12 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<4x8xf32>) outs(%11 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.mulf %in, %in : f32
      linalg.yield %28 : f32
    } -> tensor<4x8xf32>
    %13 = tensor.empty() : tensor<f32>
    %14 = linalg.generic {indexing_maps = [#map5], iterator_types = []} outs(%13 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<f32>
    %15 = tensor.empty() : tensor<f32>
    %16 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%14 : tensor<f32>) outs(%15 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.subf %cst_1, %in : f32
      linalg.yield %28 : f32
    } -> tensor<f32>
    %17 = tensor.empty() : tensor<8xf32>
    %18 = linalg.fill ins(%cst_2 : f32) outs(%17 : tensor<8xf32>) -> tensor<8xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%12 : tensor<4x8xf32>) outs(%18 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.addf %out, %in : f32
      linalg.yield %28 : f32
    } -> tensor<8xf32>
    %20 = tensor.empty() : tensor<8xf32>
    %21 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel"]} ins(%16 : tensor<f32>) outs(%20 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8xf32>
    %22 = tensor.empty() : tensor<8xf32>
    %23 = linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = ["parallel"]} ins(%19, %21 : tensor<8xf32>, tensor<8xf32>) outs(%22 : tensor<8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %28 = arith.divf %in, %in_3 : f32
      linalg.yield %28 : f32
    } -> tensor<8xf32>
    %24 = tensor.empty() : tensor<i1>
    %25 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = []} ins(%16 : tensor<f32>) outs(%24 : tensor<i1>) {
    ^bb0(%in: f32, %out: i1):
      %28 = arith.cmpf ogt, %in, %cst_2 : f32
      linalg.yield %28 : i1
    } -> tensor<i1>
    %26 = tensor.empty() : tensor<8xf32>
    %extracted = tensor.extract %25[] : tensor<i1>
    %27 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = ["parallel"]} ins(%23 : tensor<8xf32>) outs(%26 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.select %extracted, %in, %cst_0 : f32
      linalg.yield %28 : f32
    } -> tensor<8xf32>
    return %27 : tensor<8xf32>
  }
}

