// expect: verified
// A dot product split in two halves whose results are added: the same summands, flattened
// (sum([sum A, sum B]) = sum(A ++ B)) with float addition reassociated.
func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<f32> {
  %zero = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %a1 = tensor.extract_slice %a[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %a2 = tensor.extract_slice %a[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %b1 = tensor.extract_slice %b[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %b2 = tensor.extract_slice %b[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %d1 = linalg.dot ins(%a1, %b1 : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<f32>) -> tensor<f32>
  %d2 = linalg.dot ins(%a2, %b2 : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<f32>) -> tensor<f32>
  %r = arith.addf %d2, %d1 : tensor<f32>
  return %r : tensor<f32>
}
