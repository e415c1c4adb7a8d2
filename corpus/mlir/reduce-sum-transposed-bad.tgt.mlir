func.func @f(%m: tensor<4x3xf32>) -> tensor<f32> {
  %zero = arith.constant -0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %c0 = arith.constant 0.0 : f32
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %m2 = tensor.insert %c0 into %m[%i1, %i2] : tensor<4x3xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%m2 : tensor<4x3xf32>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}
