#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @f(%a: tensor<3x3xi32>) -> tensor<3x3xi32> {
  %e = tensor.empty() : tensor<3x3xi32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x3xi32>) outs(%e : tensor<3x3xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<3x3xi32>
  return %t : tensor<3x3xi32>
}
