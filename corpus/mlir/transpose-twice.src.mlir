// expect: verified
// Transposing twice with linalg.generic is the identity.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @f(%a: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %e = tensor.empty() : tensor<5x3xi32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x5xi32>) outs(%e : tensor<5x3xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<5x3xi32>
  %e2 = tensor.empty() : tensor<3x5xi32>
  %u = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<5x3xi32>) outs(%e2 : tensor<3x5xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<3x5xi32>
  return %u : tensor<3x5xi32>
}
