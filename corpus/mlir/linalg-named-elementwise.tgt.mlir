#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0) -> (d0)>
module {
  func.func @f(%arg0: tensor<4x3xf32>, %arg1: tensor<4x3xf32>, %arg2: tensor<4x3xi1>, %arg3: tensor<6xi8>, %arg4: tensor<6xi8>, %arg5: tensor<6xi1>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>) {
    %cst = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x3xf32>
    %1 = tensor.empty() : tensor<6xi8>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %29 = arith.addf %in, %in_0 : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %29 = arith.subf %in, %in_0 : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %29 = arith.mulf %in, %in_0 : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %29 = arith.divf %in, %in_0 : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %29 = arith.maximumf %in, %in_0 : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %29 = arith.minimumf %in, %in_0 : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %29 = math.powf %in, %in_0 : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.exp %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.log %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.absf %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.ceil %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.floor %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = arith.negf %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.round %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.sqrt %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.rsqrt %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = arith.mulf %in, %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.tanh %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.erf %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = arith.divf %cst, %in : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg2, %arg0, %arg1 : tensor<4x3xi1>, tensor<4x3xf32>, tensor<4x3xf32>) outs(%0 : tensor<4x3xf32>) {
    ^bb0(%in: i1, %in_0: f32, %in_1: f32, %out: f32):
      %29 = arith.select %in, %in_0, %in_1 : f32
      linalg.yield %29 : f32
    } -> tensor<4x3xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel"]} ins(%arg3, %arg4 : tensor<6xi8>, tensor<6xi8>) outs(%1 : tensor<6xi8>) {
    ^bb0(%in: i8, %in_0: i8, %out: i8):
      %29 = arith.addi %in, %in_0 : i8
      linalg.yield %29 : i8
    } -> tensor<6xi8>
    %24 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel"]} ins(%arg3, %arg4 : tensor<6xi8>, tensor<6xi8>) outs(%1 : tensor<6xi8>) {
    ^bb0(%in: i8, %in_0: i8, %out: i8):
      %29 = arith.subi %in, %in_0 : i8
      linalg.yield %29 : i8
    } -> tensor<6xi8>
    %25 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel"]} ins(%arg3, %arg4 : tensor<6xi8>, tensor<6xi8>) outs(%1 : tensor<6xi8>) {
    ^bb0(%in: i8, %in_0: i8, %out: i8):
      %29 = arith.muli %in, %in_0 : i8
      linalg.yield %29 : i8
    } -> tensor<6xi8>
    %26 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel"]} ins(%arg3, %arg4 : tensor<6xi8>, tensor<6xi8>) outs(%1 : tensor<6xi8>) {
    ^bb0(%in: i8, %in_0: i8, %out: i8):
      %29 = arith.maxsi %in, %in_0 : i8
      linalg.yield %29 : i8
    } -> tensor<6xi8>
    %27 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel"]} ins(%arg3, %arg4 : tensor<6xi8>, tensor<6xi8>) outs(%1 : tensor<6xi8>) {
    ^bb0(%in: i8, %in_0: i8, %out: i8):
      %29 = arith.minsi %in, %in_0 : i8
      linalg.yield %29 : i8
    } -> tensor<6xi8>
    %28 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel"]} ins(%arg5, %arg3, %arg4 : tensor<6xi1>, tensor<6xi8>, tensor<6xi8>) outs(%1 : tensor<6xi8>) {
    ^bb0(%in: i1, %in_0: i8, %in_1: i8, %out: i8):
      %29 = arith.select %in, %in_0, %in_1 : i8
      linalg.yield %29 : i8
    } -> tensor<6xi8>
    return %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28 : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>
  }
}

