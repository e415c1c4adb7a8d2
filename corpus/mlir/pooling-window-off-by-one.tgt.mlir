func.func @f(%i: tensor<1x4x5x2xi32>, %w: tensor<2x2xi32>, %o: tensor<1x3x3x2xi32>) -> tensor<1x3x3x2xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5 + 1, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%i, %w : tensor<1x4x5x2xi32>, tensor<2x2xi32>) outs(%o : tensor<1x3x3x2xi32>) {
  ^bb0(%in: i32, %in_0: i32, %out: i32):
    %1 = arith.addi %out, %in : i32
    linalg.yield %1 : i32
  } -> tensor<1x3x3x2xi32>
  return %0 : tensor<1x3x3x2xi32>
}
