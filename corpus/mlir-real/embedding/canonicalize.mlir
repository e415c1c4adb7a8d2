// tools/mlir_real.py: embedding, mlir-opt-19 --linalg-generalize-named-ops --linalg-fuse-elementwise-ops --canonicalize --cse
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1, d2) -> (d0)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module @jit_embedding {
  func.func public @main(%arg0: tensor<16x8xf32>, %arg1: tensor<4xi32>) -> tensor<4x8xf32> {
    %true = arith.constant true
    %cst = arith.constant 0x7FC00000 : f32
    %c15_i32 = arith.constant 15 : i32
    %c16_i32 = arith.constant 16 : i32
    %c0_i32 = arith.constant 0 : i32
    %expanded = tensor.expand_shape %arg1 [[0, 1]] output_shape [4, 1] : tensor<4xi32> into tensor<4x1xi32>
    %0 = tensor.empty() : tensor<4x1xi32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded : tensor<4x1xi32>) outs(%0 : tensor<4x1xi32>) {
    ^bb0(%in: i32, %out: i32):
      %7 = arith.addi %in, %c16_i32 : i32
      %8 = arith.cmpi slt, %in, %c0_i32 : i32
      %9 = arith.select %8, %7, %in : i32
      linalg.yield %9 : i32
    } -> tensor<4x1xi32>
    %2 = tensor.empty() : tensor<4xi1>
    %3 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%2 : tensor<4xi1>) {
    ^bb0(%out: i1):
      linalg.yield %true : i1
    } -> tensor<4xi1>
    %4 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<4x1xi32>) outs(%3 : tensor<4xi1>) {
    ^bb0(%in: i32, %out: i1):
      %7 = arith.cmpi sle, %in, %c15_i32 : i32
      %8 = arith.cmpi sge, %in, %c0_i32 : i32
      %9 = arith.andi %8, %7 : i1
      %10 = arith.andi %out, %9 : i1
      linalg.yield %10 : i1
    } -> tensor<4xi1>
    %5 = tensor.empty() : tensor<4x1x8xf32>
    %6 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4, %1 : tensor<4xi1>, tensor<4x1xi32>) outs(%5 : tensor<4x1x8xf32>) {
    ^bb0(%in: i1, %in_0: i32, %out: f32):
      %7 = linalg.index 2 : index
      %8 = arith.index_cast %in_0 : i32 to index
      %extracted = tensor.extract %arg0[%8, %7] : tensor<16x8xf32>
      %9 = arith.select %in, %extracted, %cst : f32
      linalg.yield %9 : f32
    } -> tensor<4x1x8xf32>
    %collapsed = tensor.collapse_shape %6 [[0], [1, 2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
    return %collapsed : tensor<4x8xf32>
  }
}

