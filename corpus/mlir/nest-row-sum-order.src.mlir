// expect: verified
// A float row sum over 2,000 columns (8,000 iterations): the loop adds the columns in
// order, as the linalg reduction's fold does (its loop order); the two are the same fold,
// compared exactly (no reassociation).
#in = affine_map<(i, k) -> (i, k)>
#out = affine_map<(i, k) -> (i)>
func.func @f(%x: tensor<4x2000xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x2000xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%p: f32, %acc: f32):
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
