// tools/mlir_real.py: gelu_erf, IREE input (linalg on tensors), util.func renamed
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_gelu_erf {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 1.12837911 : f32
    %cst_0 = arith.constant -0.37612626 : f32
    %cst_1 = arith.constant 0.112835854 : f32
    %cst_2 = arith.constant -0.0268538129 : f32
    %cst_3 = arith.constant 0.00518832775 : f32
    %cst_4 = arith.constant -8.0101937E-4 : f32
    %cst_5 = arith.constant 7.85386146E-5 : f32
    %cst_6 = arith.constant 0.000000e+00 : f32
    %cst_7 = arith.constant -88.7228394 : f32
    %cst_8 = arith.constant 0.564189494 : f32
    %cst_9 = arith.constant -0.282076746 : f32
    %cst_10 = arith.constant 0.42184633 : f32
    %cst_11 = arith.constant -1.01526523 : f32
    %cst_12 = arith.constant 2.92101908 : f32
    %cst_13 = arith.constant -7.49551868 : f32
    %cst_14 = arith.constant 1.297720e+01 : f32
    %cst_15 = arith.constant -10.477664 : f32
    %cst_16 = arith.constant 0.563825965 : f32
    %cst_17 = arith.constant -0.274112701 : f32
    %cst_18 = arith.constant 3.404880e-01 : f32
    %cst_19 = arith.constant -0.494451523 : f32
    %cst_20 = arith.constant 0.621000468 : f32
    %cst_21 = arith.constant -0.582473278 : f32
    %cst_22 = arith.constant 0.368742466 : f32
    %cst_23 = arith.constant -0.138703942 : f32
    %cst_24 = arith.constant 2.326820e-02 : f32
    %cst_25 = arith.constant 2.000000e+00 : f32
    %cst_26 = arith.constant 1.000000e+00 : f32
    %cst_27 = arith.constant 0.707106769 : f32
    %cst_28 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.mulf %in, %cst_28 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %2 = tensor.empty() : tensor<4x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%2 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.negf %in : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %4 = tensor.empty() : tensor<4x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x8xf32>) outs(%4 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.mulf %in, %cst_27 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %6 = tensor.empty() : tensor<4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x8xf32>) outs(%6 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.mulf %in, %in : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.negf %in : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %10 = tensor.empty() : tensor<4x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x8xf32>) outs(%10 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.absf %in : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %12 = tensor.empty() : tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x8xf32>) outs(%12 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.divf %cst_26, %in : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %14 = tensor.empty() : tensor<4x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<4x8xf32>) outs(%14 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.exp %in : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %16 = tensor.empty() : tensor<4x8xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x8xf32>) outs(%16 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.divf %cst_26, %in : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %18 = tensor.empty() : tensor<4x8xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%15, %17 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%18 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %20 = tensor.empty() : tensor<4x8xi1>
    %21 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x8xf32>) outs(%20 : tensor<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %130 = arith.cmpf olt, %in, %cst_25 : f32
      linalg.yield %130 : i1
    } -> tensor<4x8xi1>
    %22 = tensor.empty() : tensor<4x8xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<4x8xf32>) outs(%22 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.mulf %in, %cst_24 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %24 = tensor.empty() : tensor<4x8xf32>
    %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<4x8xf32>) outs(%24 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_23 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %26 = tensor.empty() : tensor<4x8xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%25, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%26 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %28 = tensor.empty() : tensor<4x8xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<4x8xf32>) outs(%28 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_22 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %30 = tensor.empty() : tensor<4x8xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%29, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%30 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %32 = tensor.empty() : tensor<4x8xf32>
    %33 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%31 : tensor<4x8xf32>) outs(%32 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_21 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %34 = tensor.empty() : tensor<4x8xf32>
    %35 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%33, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%34 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %36 = tensor.empty() : tensor<4x8xf32>
    %37 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<4x8xf32>) outs(%36 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_20 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %38 = tensor.empty() : tensor<4x8xf32>
    %39 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%37, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%38 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %40 = tensor.empty() : tensor<4x8xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%39 : tensor<4x8xf32>) outs(%40 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_19 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %42 = tensor.empty() : tensor<4x8xf32>
    %43 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%41, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%42 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %44 = tensor.empty() : tensor<4x8xf32>
    %45 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%43 : tensor<4x8xf32>) outs(%44 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_18 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %46 = tensor.empty() : tensor<4x8xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%45, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%46 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %48 = tensor.empty() : tensor<4x8xf32>
    %49 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<4x8xf32>) outs(%48 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_17 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %50 = tensor.empty() : tensor<4x8xf32>
    %51 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%49, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%50 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %52 = tensor.empty() : tensor<4x8xf32>
    %53 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%51 : tensor<4x8xf32>) outs(%52 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_16 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %54 = tensor.empty() : tensor<4x8xf32>
    %55 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<4x8xf32>) outs(%54 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.mulf %in, %cst_15 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %56 = tensor.empty() : tensor<4x8xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%55 : tensor<4x8xf32>) outs(%56 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_14 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %58 = tensor.empty() : tensor<4x8xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%57, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%58 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %60 = tensor.empty() : tensor<4x8xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%59 : tensor<4x8xf32>) outs(%60 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_13 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %62 = tensor.empty() : tensor<4x8xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%61, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%62 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %64 = tensor.empty() : tensor<4x8xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%63 : tensor<4x8xf32>) outs(%64 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_12 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %66 = tensor.empty() : tensor<4x8xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%65, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%66 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %68 = tensor.empty() : tensor<4x8xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<4x8xf32>) outs(%68 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_11 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %70 = tensor.empty() : tensor<4x8xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%69, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%70 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %72 = tensor.empty() : tensor<4x8xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%71 : tensor<4x8xf32>) outs(%72 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_10 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %74 = tensor.empty() : tensor<4x8xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%73, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%74 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %76 = tensor.empty() : tensor<4x8xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%75 : tensor<4x8xf32>) outs(%76 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_9 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %78 = tensor.empty() : tensor<4x8xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%77, %13 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%78 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %80 = tensor.empty() : tensor<4x8xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%79 : tensor<4x8xf32>) outs(%80 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_8 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %82 = tensor.empty() : tensor<4x8xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%21, %53, %81 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%82 : tensor<4x8xf32>) {
    ^bb0(%in: i1, %in_29: f32, %in_30: f32, %out: f32):
      %130 = arith.select %in, %in_29, %in_30 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %84 = tensor.empty() : tensor<4x8xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%19, %83 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%84 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %86 = tensor.empty() : tensor<4x8xi1>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<4x8xf32>) outs(%86 : tensor<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %130 = arith.cmpf olt, %in, %cst_7 : f32
      linalg.yield %130 : i1
    } -> tensor<4x8xi1>
    %88 = tensor.empty() : tensor<4x8xf32>
    %89 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%87, %85 : tensor<4x8xi1>, tensor<4x8xf32>) outs(%88 : tensor<4x8xf32>) {
    ^bb0(%in: i1, %in_29: f32, %out: f32):
      %130 = arith.select %in, %cst_6, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %90 = tensor.empty() : tensor<4x8xi1>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x8xf32>) outs(%90 : tensor<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %130 = arith.cmpf olt, %in, %cst_6 : f32
      linalg.yield %130 : i1
    } -> tensor<4x8xi1>
    %92 = tensor.empty() : tensor<4x8xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%89 : tensor<4x8xf32>) outs(%92 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.subf %cst_25, %in : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %94 = tensor.empty() : tensor<4x8xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%91, %93, %89 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%94 : tensor<4x8xf32>) {
    ^bb0(%in: i1, %in_29: f32, %in_30: f32, %out: f32):
      %130 = arith.select %in, %in_29, %in_30 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %96 = tensor.empty() : tensor<4x8xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x8xf32>) outs(%96 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.mulf %in, %cst_5 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %98 = tensor.empty() : tensor<4x8xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%97 : tensor<4x8xf32>) outs(%98 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_4 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %100 = tensor.empty() : tensor<4x8xf32>
    %101 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%99, %7 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%100 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %102 = tensor.empty() : tensor<4x8xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%101 : tensor<4x8xf32>) outs(%102 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_3 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %104 = tensor.empty() : tensor<4x8xf32>
    %105 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%103, %7 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%104 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %106 = tensor.empty() : tensor<4x8xf32>
    %107 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%105 : tensor<4x8xf32>) outs(%106 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_2 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %108 = tensor.empty() : tensor<4x8xf32>
    %109 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%107, %7 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%108 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %110 = tensor.empty() : tensor<4x8xf32>
    %111 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%109 : tensor<4x8xf32>) outs(%110 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_1 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %112 = tensor.empty() : tensor<4x8xf32>
    %113 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%111, %7 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%112 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %114 = tensor.empty() : tensor<4x8xf32>
    %115 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%113 : tensor<4x8xf32>) outs(%114 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst_0 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %116 = tensor.empty() : tensor<4x8xf32>
    %117 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%115, %7 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%116 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %118 = tensor.empty() : tensor<4x8xf32>
    %119 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%117 : tensor<4x8xf32>) outs(%118 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %cst : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %120 = tensor.empty() : tensor<4x8xf32>
    %121 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %119 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%120 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %122 = tensor.empty() : tensor<4x8xf32>
    %123 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%121 : tensor<4x8xf32>) outs(%122 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.subf %cst_26, %in : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %124 = tensor.empty() : tensor<4x8xi1>
    %125 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x8xf32>) outs(%124 : tensor<4x8xi1>) {
    ^bb0(%in: f32, %out: i1):
      %130 = arith.cmpf olt, %in, %cst_26 : f32
      linalg.yield %130 : i1
    } -> tensor<4x8xi1>
    %126 = tensor.empty() : tensor<4x8xf32>
    %127 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%125, %123, %95 : tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) outs(%126 : tensor<4x8xf32>) {
    ^bb0(%in: i1, %in_29: f32, %in_30: f32, %out: f32):
      %130 = arith.select %in, %in_29, %in_30 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    %128 = tensor.empty() : tensor<4x8xf32>
    %129 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %127 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%128 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_29: f32, %out: f32):
      %130 = arith.mulf %in, %in_29 : f32
      linalg.yield %130 : f32
    } -> tensor<4x8xf32>
    return %129 : tensor<4x8xf32>
  }
}

