// expect: verified
// The embedding lookup of corpus/mlir-real against its convert-linalg-to-loops form: the
// gather nest loads at a data-dependent index (summarized, bounds checked at every point).
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module @jit_embedding {
  func.func public @main(%arg0: tensor<16x8xf32>, %arg1: tensor<4xi32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0x7FC00000 : f32
    %true = arith.constant true
    %c15_i32 = arith.constant 15 : i32
    %c16_i32 = arith.constant 16 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<4xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<4xi32>) outs(%0 : tensor<4xi1>) {
    ^bb0(%in: i32, %out: i1):
      %21 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %21 : i1
    } -> tensor<4xi1>
    %2 = tensor.empty() : tensor<4xi32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg1 : tensor<4xi32>) outs(%2 : tensor<4xi32>) {
    ^bb0(%in: i32, %out: i32):
      %21 = arith.addi %in, %c16_i32 : i32
      linalg.yield %21 : i32
    } -> tensor<4xi32>
    %4 = tensor.empty() : tensor<4xi32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%1, %3, %arg1 : tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) outs(%4 : tensor<4xi32>) {
    ^bb0(%in: i1, %in_0: i32, %in_1: i32, %out: i32):
      %21 = arith.select %in, %in_0, %in_1 : i32
      linalg.yield %21 : i32
    } -> tensor<4xi32>
    %expanded = tensor.expand_shape %5 [[0, 1]] output_shape [4, 1] : tensor<4xi32> into tensor<4x1xi32>
    %6 = tensor.empty() : tensor<4x1xi1>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded : tensor<4x1xi32>) outs(%6 : tensor<4x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %21 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %21 : i1
    } -> tensor<4x1xi1>
    %8 = tensor.empty() : tensor<4x1xi1>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded : tensor<4x1xi32>) outs(%8 : tensor<4x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %21 = arith.cmpi sle, %in, %c15_i32 : i32
      linalg.yield %21 : i1
    } -> tensor<4x1xi1>
    %10 = tensor.empty() : tensor<4x1xi1>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7, %9 : tensor<4x1xi1>, tensor<4x1xi1>) outs(%10 : tensor<4x1xi1>) {
    ^bb0(%in: i1, %in_0: i1, %out: i1):
      %21 = arith.andi %in, %in_0 : i1
      linalg.yield %21 : i1
    } -> tensor<4x1xi1>
    %12 = tensor.empty() : tensor<4xi1>
    %13 = linalg.fill ins(%true : i1) outs(%12 : tensor<4xi1>) -> tensor<4xi1>
    %14 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%11 : tensor<4x1xi1>) outs(%13 : tensor<4xi1>) {
    ^bb0(%in: i1, %out: i1):
      %21 = arith.andi %out, %in : i1
      linalg.yield %21 : i1
    } -> tensor<4xi1>
    %15 = tensor.empty() : tensor<4x1x8xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<4x1xi32>) outs(%15 : tensor<4x1x8xf32>) {
    ^bb0(%in: i32, %out: f32):
      %21 = arith.index_cast %in : i32 to index
      %22 = linalg.index 2 : index
      %extracted = tensor.extract %arg0[%21, %22] : tensor<16x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<4x1x8xf32>
    %collapsed = tensor.collapse_shape %16 [[0], [1, 2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
    %17 = tensor.empty() : tensor<4x8xi1>
    %18 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<4xi1>) outs(%17 : tensor<4x8xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<4x8xi1>
    %19 = tensor.empty() : tensor<4x8xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%18, %collapsed : tensor<4x8xi1>, tensor<4x8xf32>) outs(%19 : tensor<4x8xf32>) {
    ^bb0(%in: i1, %in_0: f32, %out: f32):
      %21 = arith.select %in, %in_0, %cst : f32
      linalg.yield %21 : f32
    } -> tensor<4x8xf32>
    return %20 : tensor<4x8xf32>
  }
}

