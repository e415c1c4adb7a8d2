#id = affine_map<(i, j) -> (i, j)>
func.func @f(%a: tensor<4x2xi32>, %b: tensor<4x2xi32>) -> tensor<4x2xi32> {
  %e = tensor.empty() : tensor<4x2xi32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x2xi32>, tensor<4x2xi32>) outs(%e : tensor<4x2xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %p, %x : i32
    linalg.yield %s : i32
  } -> tensor<4x2xi32>
  return %r : tensor<4x2xi32>
}
