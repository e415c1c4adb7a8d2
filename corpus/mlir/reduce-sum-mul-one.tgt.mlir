func.func @f(%m: tensor<5x5xf32>, %v: tensor<1xf32>) -> (tensor<5xf32>, f32) {
  %zero = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%m : tensor<5x5xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  %c0 = arith.constant 0 : index
  %r = tensor.extract %v[%c0] : tensor<1xf32>
  return %0, %r : tensor<5xf32>, f32
}
