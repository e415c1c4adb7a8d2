// expect: verified
// linalg.dot is its generic form (what --linalg-generalize-named-ops prints), over dynamic sizes.
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %0 = linalg.dot ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%acc : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
