// expect: verified
// Float facts applied after simplification: the element of a constant read at an index the
// bounds fix is a literal only once the simplifier has used the bounds; then the sum of the
// row folds exactly (IEEE: -0.0 + 1.0 + 2.0 = 3.0), and negf of a constant tensor at a
// symbolic index is the constant of the negated elements.
func.func @f() -> (tensor<1xf32>, tensor<3xf32>) {
  %c = arith.constant dense<[-0.0, 1.0, 2.0]> : tensor<3xf32>
  %w = arith.constant dense<1.0> : tensor<1x3xf32>
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%c, %w : tensor<3xf32>, tensor<1x3xf32>) outs(%o : tensor<1xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1xf32>
  %v = "tosa.const"() {value = dense<[1.0, -2.0, 0.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %n = arith.negf %v : tensor<3xf32>
  return %r, %n : tensor<1xf32>, tensor<3xf32>
}
