func.func @f(%A: tensor<4x3xi32>, %B: tensor<3x5xi32>, %C: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(k, i, j) -> (i, k)>, affine_map<(k, i, j) -> (k, j)>, affine_map<(k, i, j) -> (i, j)>], iterator_types = ["reduction", "parallel", "parallel"]} ins(%A, %B : tensor<4x3xi32>, tensor<3x5xi32>) outs(%C : tensor<4x5xi32>) {
  ^bb0(%a: i32, %b: i32, %c: i32):
    %p = arith.muli %b, %a : i32
    %s = arith.addi %p, %c : i32
    linalg.yield %s : i32
  } -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}
