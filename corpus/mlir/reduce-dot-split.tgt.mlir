func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<f32> {
  %zero = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %d = linalg.dot ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%init : tensor<f32>) -> tensor<f32>
  return %d : tensor<f32>
}
