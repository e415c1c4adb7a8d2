// expect: refuted
// The accumulator's initial value is dropped: the target starts from -0.0 instead of %acc.
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %0 = linalg.dot ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%acc : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
