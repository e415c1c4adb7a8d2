// tools/mlir_real.py: transformer_block, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d1, d0)>
#map5 = affine_map<() -> ()>
#map6 = affine_map<(d0, d1) -> ()>
module @jit_transformer_block {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8xf32>, %arg6: tensor<8x16xf32>, %arg7: tensor<16x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 2.82842708 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 0.797884583 : f32
    %cst_3 = arith.constant 4.471500e-02 : f32
    %cst_4 = arith.constant 0xFF800000 : f32
    %cst_5 = arith.constant 9.99999997E-7 : f32
    %cst_6 = arith.constant 8.000000e+00 : f32
    %cst_7 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.mulf %in, %in : f32
      linalg.yield %105 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4xf32>
    %3 = linalg.fill ins(%cst_7 : f32) outs(%2 : tensor<4xf32>) -> tensor<4xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<4x8xf32>) outs(%3 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.addf %out, %in : f32
      linalg.yield %105 : f32
    } -> tensor<4xf32>
    %expanded = tensor.expand_shape %4 [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
    %5 = tensor.empty() : tensor<4x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded : tensor<4x1xf32>) outs(%5 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.divf %in, %cst_6 : f32
      linalg.yield %105 : f32
    } -> tensor<4x1xf32>
    %7 = tensor.empty() : tensor<4x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<4x1xf32>) outs(%7 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.addf %in, %cst_5 : f32
      linalg.yield %105 : f32
    } -> tensor<4x1xf32>
    %9 = tensor.empty() : tensor<4x1xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<4x1xf32>) outs(%9 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = math.rsqrt %in : f32
      linalg.yield %105 : f32
    } -> tensor<4x1xf32>
    %11 = tensor.empty() : tensor<4x8xf32>
    %12 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<4x1xf32>) outs(%11 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %13 = tensor.empty() : tensor<4x8xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %12 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%13 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.mulf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x8xf32>
    %15 = tensor.empty() : tensor<4x8xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<8xf32>) outs(%15 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %17 = tensor.empty() : tensor<4x8xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%14, %16 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%17 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.mulf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x8xf32>
    %19 = tensor.empty() : tensor<4x8xf32>
    %20 = linalg.fill ins(%cst_7 : f32) outs(%19 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %21 = linalg.matmul ins(%18, %arg2 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%20 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %22 = tensor.empty() : tensor<4x8xf32>
    %23 = linalg.fill ins(%cst_7 : f32) outs(%22 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %24 = linalg.matmul ins(%18, %arg3 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%23 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %25 = tensor.empty() : tensor<4x8xf32>
    %26 = linalg.fill ins(%cst_7 : f32) outs(%25 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %27 = linalg.matmul ins(%18, %arg4 : tensor<4x8xf32>, tensor<8x8xf32>) outs(%26 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %28 = tensor.empty() : tensor<8x4xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<4x8xf32>) outs(%28 : tensor<8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x4xf32>
    %30 = tensor.empty() : tensor<4x4xf32>
    %31 = linalg.fill ins(%cst_7 : f32) outs(%30 : tensor<4x4xf32>) -> tensor<4x4xf32>
    %32 = linalg.matmul ins(%21, %29 : tensor<4x8xf32>, tensor<8x4xf32>) outs(%31 : tensor<4x4xf32>) -> tensor<4x4xf32>
    %33 = tensor.empty() : tensor<f32>
    %34 = linalg.generic {indexing_maps = [#map5], iterator_types = []} outs(%33 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<f32>
    %35 = tensor.empty() : tensor<4x4xf32>
    %36 = linalg.generic {indexing_maps = [#map6, #map], iterator_types = ["parallel", "parallel"]} ins(%34 : tensor<f32>) outs(%35 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %37 = tensor.empty() : tensor<4x4xf32>
    %38 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%32, %36 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%37 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.divf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x4xf32>
    %39 = tensor.empty() : tensor<4xf32>
    %40 = linalg.fill ins(%cst_4 : f32) outs(%39 : tensor<4xf32>) -> tensor<4xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%38 : tensor<4x4xf32>) outs(%40 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.maximumf %out, %in : f32
      linalg.yield %105 : f32
    } -> tensor<4xf32>
    %42 = tensor.empty() : tensor<4x4xf32>
    %43 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%41 : tensor<4xf32>) outs(%42 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %44 = tensor.empty() : tensor<4x4xf32>
    %45 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%38, %43 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%44 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.subf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x4xf32>
    %46 = tensor.empty() : tensor<4x4xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<4x4xf32>) outs(%46 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = math.exp %in : f32
      linalg.yield %105 : f32
    } -> tensor<4x4xf32>
    %48 = tensor.empty() : tensor<4xf32>
    %49 = linalg.fill ins(%cst_7 : f32) outs(%48 : tensor<4xf32>) -> tensor<4xf32>
    %50 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%47 : tensor<4x4xf32>) outs(%49 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.addf %out, %in : f32
      linalg.yield %105 : f32
    } -> tensor<4xf32>
    %51 = tensor.empty() : tensor<4x4xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%50 : tensor<4xf32>) outs(%51 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    %53 = tensor.empty() : tensor<4x4xf32>
    %54 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%47, %52 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%53 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.divf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x4xf32>
    %55 = tensor.empty() : tensor<4x8xf32>
    %56 = linalg.fill ins(%cst_7 : f32) outs(%55 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %57 = linalg.matmul ins(%54, %27 : tensor<4x4xf32>, tensor<4x8xf32>) outs(%56 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %58 = tensor.empty() : tensor<4x8xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %57 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%58 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.addf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x8xf32>
    %60 = tensor.empty() : tensor<4x8xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%59 : tensor<4x8xf32>) outs(%60 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.mulf %in, %in : f32
      linalg.yield %105 : f32
    } -> tensor<4x8xf32>
    %62 = tensor.empty() : tensor<4xf32>
    %63 = linalg.fill ins(%cst_7 : f32) outs(%62 : tensor<4xf32>) -> tensor<4xf32>
    %64 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%61 : tensor<4x8xf32>) outs(%63 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.addf %out, %in : f32
      linalg.yield %105 : f32
    } -> tensor<4xf32>
    %expanded_8 = tensor.expand_shape %64 [[0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
    %65 = tensor.empty() : tensor<4x1xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded_8 : tensor<4x1xf32>) outs(%65 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.divf %in, %cst_6 : f32
      linalg.yield %105 : f32
    } -> tensor<4x1xf32>
    %67 = tensor.empty() : tensor<4x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%66 : tensor<4x1xf32>) outs(%67 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.addf %in, %cst_5 : f32
      linalg.yield %105 : f32
    } -> tensor<4x1xf32>
    %69 = tensor.empty() : tensor<4x1xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%68 : tensor<4x1xf32>) outs(%69 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = math.rsqrt %in : f32
      linalg.yield %105 : f32
    } -> tensor<4x1xf32>
    %71 = tensor.empty() : tensor<4x8xf32>
    %72 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%70 : tensor<4x1xf32>) outs(%71 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %73 = tensor.empty() : tensor<4x8xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%59, %72 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%73 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.mulf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x8xf32>
    %75 = tensor.empty() : tensor<4x8xf32>
    %76 = linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<8xf32>) outs(%75 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x8xf32>
    %77 = tensor.empty() : tensor<4x8xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%74, %76 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%77 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.mulf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x8xf32>
    %79 = tensor.empty() : tensor<4x16xf32>
    %80 = linalg.fill ins(%cst_7 : f32) outs(%79 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %81 = linalg.matmul ins(%78, %arg6 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%80 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %82 = tensor.empty() : tensor<4x16xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%81 : tensor<4x16xf32>) outs(%82 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.mulf %in, %in : f32
      linalg.yield %105 : f32
    } -> tensor<4x16xf32>
    %84 = tensor.empty() : tensor<4x16xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%83, %81 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%84 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.mulf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x16xf32>
    %86 = tensor.empty() : tensor<4x16xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%85 : tensor<4x16xf32>) outs(%86 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.mulf %in, %cst_3 : f32
      linalg.yield %105 : f32
    } -> tensor<4x16xf32>
    %88 = tensor.empty() : tensor<4x16xf32>
    %89 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%81, %87 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%88 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.addf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x16xf32>
    %90 = tensor.empty() : tensor<4x16xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%89 : tensor<4x16xf32>) outs(%90 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.mulf %in, %cst_2 : f32
      linalg.yield %105 : f32
    } -> tensor<4x16xf32>
    %92 = tensor.empty() : tensor<4x16xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%91 : tensor<4x16xf32>) outs(%92 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = math.tanh %in : f32
      linalg.yield %105 : f32
    } -> tensor<4x16xf32>
    %94 = tensor.empty() : tensor<4x16xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%93 : tensor<4x16xf32>) outs(%94 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.addf %in, %cst_1 : f32
      linalg.yield %105 : f32
    } -> tensor<4x16xf32>
    %96 = tensor.empty() : tensor<4x16xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%95 : tensor<4x16xf32>) outs(%96 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %105 = arith.mulf %in, %cst_0 : f32
      linalg.yield %105 : f32
    } -> tensor<4x16xf32>
    %98 = tensor.empty() : tensor<4x16xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%81, %97 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%98 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.mulf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x16xf32>
    %100 = tensor.empty() : tensor<4x8xf32>
    %101 = linalg.fill ins(%cst_7 : f32) outs(%100 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %102 = linalg.matmul ins(%99, %arg7 : tensor<4x16xf32>, tensor<16x8xf32>) outs(%101 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %103 = tensor.empty() : tensor<4x8xf32>
    %104 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%59, %102 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%103 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_9: f32, %out: f32):
      %105 = arith.addf %in, %in_9 : f32
      linalg.yield %105 : f32
    } -> tensor<4x8xf32>
    return %104 : tensor<4x8xf32>
  }
}

