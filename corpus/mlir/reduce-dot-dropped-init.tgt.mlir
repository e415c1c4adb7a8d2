func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %zero = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %0 = linalg.dot ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
