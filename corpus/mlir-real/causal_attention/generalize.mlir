// tools/mlir_real.py: causal_attention, mlir-opt-19 --linalg-generalize-named-ops
#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map6 = affine_map<() -> ()>
#map7 = affine_map<(d0) -> (d0)>
#map8 = affine_map<(d0, d1) -> (d0)>
#map9 = affine_map<(d0, d1) -> (d1)>
#map10 = affine_map<(d0) -> ()>
module @jit_causal_attention {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 2.82842708 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<4x8xf32>) outs(%0 : tensor<8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x4xf32>
    %2 = tensor.empty() : tensor<4x4xf32>
    %3 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_2 : f32) outs(%2 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %4 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %1 : tensor<4x8xf32>, tensor<8x4xf32>) outs(%3 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %42 = arith.mulf %in, %in_3 : f32
      %43 = arith.addf %out, %42 : f32
      linalg.yield %43 : f32
    } -> tensor<4x4xf32>
    %5 = tensor.empty() : tensor<f32>
    %6 = linalg.generic {indexing_maps = [#map6], iterator_types = []} outs(%5 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<f32>
    %7 = tensor.empty() : tensor<f32>
    %8 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = []} ins(%6 : tensor<f32>) outs(%7 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.divf %cst_1, %in : f32
      linalg.yield %42 : f32
    } -> tensor<f32>
    %9 = tensor.empty() : tensor<4x4xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<f32>) outs(%9 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %11 = tensor.empty() : tensor<4x4xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%4, %10 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%11 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %42 = arith.mulf %in, %in_3 : f32
      linalg.yield %42 : f32
    } -> tensor<4x4xf32>
    %13 = tensor.empty() : tensor<4xi32>
    %14 = linalg.generic {indexing_maps = [#map7], iterator_types = ["parallel"]} outs(%13 : tensor<4xi32>) {
    ^bb0(%out: i32):
      %42 = linalg.index 0 : index
      %43 = arith.index_cast %42 : index to i32
      linalg.yield %43 : i32
    } -> tensor<4xi32>
    %15 = tensor.empty() : tensor<4x4xi32>
    %16 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<4xi32>) outs(%15 : tensor<4x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<4x4xi32>
    %17 = tensor.empty() : tensor<4x4xi32>
    %18 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<4xi32>) outs(%17 : tensor<4x4xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<4x4xi32>
    %19 = tensor.empty() : tensor<4x4xi1>
    %20 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%16, %18 : tensor<4x4xi32>, tensor<4x4xi32>) outs(%19 : tensor<4x4xi1>) {
    ^bb0(%in: i32, %in_3: i32, %out: i1):
      %42 = arith.cmpi sge, %in, %in_3 : i32
      linalg.yield %42 : i1
    } -> tensor<4x4xi1>
    %21 = tensor.empty() : tensor<4x4xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%20, %12 : tensor<4x4xi1>, tensor<4x4xf32>) outs(%21 : tensor<4x4xf32>) {
    ^bb0(%in: i1, %in_3: f32, %out: f32):
      %42 = arith.select %in, %in_3, %cst_0 : f32
      linalg.yield %42 : f32
    } -> tensor<4x4xf32>
    %23 = tensor.empty() : tensor<4xf32>
    %24 = linalg.generic {indexing_maps = [#map10, #map7], iterator_types = ["parallel"]} ins(%cst_0 : f32) outs(%23 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "reduction"]} ins(%22 : tensor<4x4xf32>) outs(%24 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.maximumf %out, %in : f32
      linalg.yield %42 : f32
    } -> tensor<4xf32>
    %26 = tensor.empty() : tensor<4x4xf32>
    %27 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<4xf32>) outs(%26 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %28 = tensor.empty() : tensor<4x4xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %27 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%28 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %42 = arith.subf %in, %in_3 : f32
      linalg.yield %42 : f32
    } -> tensor<4x4xf32>
    %30 = tensor.empty() : tensor<4x4xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<4x4xf32>) outs(%30 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = math.exp %in : f32
      linalg.yield %42 : f32
    } -> tensor<4x4xf32>
    %32 = tensor.empty() : tensor<4xf32>
    %33 = linalg.generic {indexing_maps = [#map10, #map7], iterator_types = ["parallel"]} ins(%cst_2 : f32) outs(%32 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "reduction"]} ins(%31 : tensor<4x4xf32>) outs(%33 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %42 = arith.addf %out, %in : f32
      linalg.yield %42 : f32
    } -> tensor<4xf32>
    %35 = tensor.empty() : tensor<4x4xf32>
    %36 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel"]} ins(%34 : tensor<4xf32>) outs(%35 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %37 = tensor.empty() : tensor<4x4xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%31, %36 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%37 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %42 = arith.divf %in, %in_3 : f32
      linalg.yield %42 : f32
    } -> tensor<4x4xf32>
    %39 = tensor.empty() : tensor<4x8xf32>
    %40 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_2 : f32) outs(%39 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %41 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%38, %arg2 : tensor<4x4xf32>, tensor<4x8xf32>) outs(%40 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %42 = arith.mulf %in, %in_3 : f32
      %43 = arith.addf %out, %42 : f32
      linalg.yield %43 : f32
    } -> tensor<4x8xf32>
    return %41 : tensor<4x8xf32>
  }
}

