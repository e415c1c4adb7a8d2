// tools/mlir_real.py: variance_unbiased, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<() -> ()>
#map4 = affine_map<(d0) -> ()>
module @jit_variance_unbiased {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<8xf32> {
    %cst = arith.constant 3.000000e+00 : f32
    %cst_0 = arith.constant 0x7FC00000 : f32
    %cst_1 = arith.constant 4.000000e+00 : f32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_2 : f32
    } -> tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x8xf32>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.addf %out, %in : f32
      linalg.yield %12 : f32
    } -> tensor<8xf32>
    %3 = tensor.empty() : tensor<f32>
    %4 = linalg.generic {indexing_maps = [#map3], iterator_types = []} outs(%3 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<f32>
    %5 = tensor.empty() : tensor<8xf32>
    %6 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%5 : tensor<8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_2 : f32
    } -> tensor<8xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0, %2 : tensor<4x8xf32>, tensor<8xf32>) outs(%6 : tensor<8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %12 = arith.divf %in_3, %cst_1 : f32
      %13 = arith.subf %in, %12 : f32
      %14 = arith.mulf %13, %13 : f32
      %15 = arith.addf %out, %14 : f32
      linalg.yield %15 : f32
    } -> tensor<8xf32>
    %8 = tensor.empty() : tensor<i1>
    %9 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = []} ins(%4 : tensor<f32>) outs(%8 : tensor<i1>) {
    ^bb0(%in: f32, %out: i1):
      %12 = arith.cmpf ogt, %in, %cst_2 : f32
      linalg.yield %12 : i1
    } -> tensor<i1>
    %10 = tensor.empty() : tensor<8xf32>
    %extracted = tensor.extract %9[] : tensor<i1>
    %11 = linalg.generic {indexing_maps = [#map, #map4, #map], iterator_types = ["parallel"]} ins(%7, %4 : tensor<8xf32>, tensor<f32>) outs(%10 : tensor<8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %12 = arith.divf %in, %in_3 : f32
      %13 = arith.select %extracted, %12, %cst_0 : f32
      linalg.yield %13 : f32
    } -> tensor<8xf32>
    return %11 : tensor<8xf32>
  }
}

