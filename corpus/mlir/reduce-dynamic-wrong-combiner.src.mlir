// expect: refuted
// The generalized dot of dynamic size accumulating with mulf instead of addf.
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<f32>) -> tensor<f32> {
  %0 = linalg.dot ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%c : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
