// tools/mlir_real.py: transformer_block, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map7 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map8 = affine_map<(d0) -> (d0)>
#map9 = affine_map<(d0, d1) -> (d0)>
#map10 = affine_map<(d0, d1, d2) -> (d0)>
#map11 = affine_map<(d0, d1, d2) -> (d0, 0)>
#map12 = affine_map<(d0, d1, d2) -> (d2)>
module @jit_transformer_block {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8xf32>, %arg6: tensor<8x16xf32>, %arg7: tensor<16x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 2.82842708 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 0.797884583 : f32
    %cst_4 = arith.constant 4.471500e-02 : f32
    %cst_5 = arith.constant 9.99999997E-7 : f32
    %cst_6 = arith.constant 8.000000e+00 : f32
    %cst_7 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x1xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<4x1xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x1xf32>
    %expanded = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded : tensor<4x1x8xf32>) outs(%1 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.mulf %in, %in : f32
      %44 = arith.addf %out, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<4x1xf32>
    %3 = tensor.empty() : tensor<4x8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map3, #map4, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %2, %arg1 : tensor<4x8xf32>, tensor<4x1xf32>, tensor<8xf32>) outs(%3 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
      %43 = arith.divf %in_9, %cst_6 : f32
      %44 = arith.addf %43, %cst_5 : f32
      %45 = math.rsqrt %44 : f32
      %46 = arith.mulf %in, %45 : f32
      %47 = arith.mulf %46, %in_10 : f32
      linalg.yield %47 : f32
    } -> tensor<4x8xf32>
    %5 = tensor.empty() : tensor<4x8xf32>
    %6 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%5 : tensor<4x8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map5, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %arg2 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%6 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %43 = arith.mulf %in, %in_9 : f32
      %44 = arith.addf %out, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<4x8xf32>
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%8 : tensor<4x8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x8xf32>
    %10 = linalg.generic {indexing_maps = [#map5, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %arg3 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%9 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %43 = arith.mulf %in, %in_9 : f32
      %44 = arith.addf %out, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<4x8xf32>
    %11 = tensor.empty() : tensor<4x8xf32>
    %12 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%11 : tensor<4x8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map5, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %arg4 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%12 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %43 = arith.mulf %in, %in_9 : f32
      %44 = arith.addf %out, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<4x8xf32>
    %14 = tensor.empty() : tensor<4x4xf32>
    %15 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%14 : tensor<4x4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x4xf32>
    %16 = linalg.generic {indexing_maps = [#map5, #map7, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7, %10 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%15 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %43 = arith.mulf %in, %in_9 : f32
      %44 = arith.addf %out, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<4x4xf32>
    %17 = tensor.empty() : tensor<4x4xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<4x4xf32>) outs(%17 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.divf %in, %cst_0 : f32
      linalg.yield %43 : f32
    } -> tensor<4x4xf32>
    %19 = tensor.empty() : tensor<4xf32>
    %20 = linalg.generic {indexing_maps = [#map8], iterator_types = ["parallel"]} outs(%19 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<4xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map9], iterator_types = ["parallel", "reduction"]} ins(%18 : tensor<4x4xf32>) outs(%20 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.maximumf %out, %in : f32
      linalg.yield %43 : f32
    } -> tensor<4xf32>
    %22 = tensor.empty() : tensor<4x4xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map9, #map], iterator_types = ["parallel", "parallel"]} ins(%18, %21 : tensor<4x4xf32>, tensor<4xf32>) outs(%22 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %43 = arith.subf %in, %in_9 : f32
      %44 = math.exp %43 : f32
      linalg.yield %44 : f32
    } -> tensor<4x4xf32>
    %24 = tensor.empty() : tensor<4xf32>
    %25 = linalg.generic {indexing_maps = [#map8], iterator_types = ["parallel"]} outs(%24 : tensor<4xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map9], iterator_types = ["parallel", "reduction"]} ins(%23 : tensor<4x4xf32>) outs(%25 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.addf %out, %in : f32
      linalg.yield %43 : f32
    } -> tensor<4xf32>
    %27 = tensor.empty() : tensor<4x8xf32>
    %28 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%27 : tensor<4x8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x8xf32>
    %29 = linalg.generic {indexing_maps = [#map5, #map10, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%23, %26, %13 : tensor<4x4xf32>, tensor<4xf32>, tensor<4x8xf32>) outs(%28 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %in_10: f32, %out: f32):
      %43 = arith.divf %in, %in_9 : f32
      %44 = arith.mulf %43, %in_10 : f32
      %45 = arith.addf %out, %44 : f32
      linalg.yield %45 : f32
    } -> tensor<4x8xf32>
    %30 = tensor.empty() : tensor<4x8xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %29 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%30 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %43 = arith.addf %in, %in_9 : f32
      linalg.yield %43 : f32
    } -> tensor<4x8xf32>
    %32 = tensor.empty() : tensor<4x1xf32>
    %33 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%32 : tensor<4x1xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x1xf32>
    %expanded_8 = tensor.expand_shape %31 [[0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_8 : tensor<4x1x8xf32>) outs(%33 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.mulf %in, %in : f32
      %44 = arith.addf %out, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<4x1xf32>
    %35 = tensor.empty() : tensor<4x16xf32>
    %36 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%35 : tensor<4x16xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x16xf32>
    %37 = linalg.generic {indexing_maps = [#map5, #map11, #map12, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%31, %34, %arg5, %arg6 : tensor<4x8xf32>, tensor<4x1xf32>, tensor<8xf32>, tensor<8x16xf32>) outs(%36 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_9: f32, %in_10: f32, %in_11: f32, %out: f32):
      %43 = arith.divf %in_9, %cst_6 : f32
      %44 = arith.addf %43, %cst_5 : f32
      %45 = math.rsqrt %44 : f32
      %46 = arith.mulf %in, %45 : f32
      %47 = arith.mulf %46, %in_10 : f32
      %48 = arith.mulf %47, %in_11 : f32
      %49 = arith.addf %out, %48 : f32
      linalg.yield %49 : f32
    } -> tensor<4x16xf32>
    %38 = tensor.empty() : tensor<4x8xf32>
    %39 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%38 : tensor<4x8xf32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_7 : f32
    } -> tensor<4x8xf32>
    %40 = linalg.generic {indexing_maps = [#map5, #map6, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%37, %arg7 : tensor<4x16xf32>, tensor<16x8xf32>) outs(%39 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %43 = arith.mulf %in, %in : f32
      %44 = arith.mulf %43, %in : f32
      %45 = arith.mulf %44, %cst_4 : f32
      %46 = arith.addf %in, %45 : f32
      %47 = arith.mulf %46, %cst_3 : f32
      %48 = math.tanh %47 : f32
      %49 = arith.addf %48, %cst_2 : f32
      %50 = arith.mulf %49, %cst_1 : f32
      %51 = arith.mulf %in, %50 : f32
      %52 = arith.mulf %51, %in_9 : f32
      %53 = arith.addf %out, %52 : f32
      linalg.yield %53 : f32
    } -> tensor<4x8xf32>
    %41 = tensor.empty() : tensor<4x8xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%31, %40 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%41 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %43 = arith.addf %in, %in_9 : f32
      linalg.yield %43 : f32
    } -> tensor<4x8xf32>
    return %42 : tensor<4x8xf32>
  }
}

