// expect: verified
// Row sums whose body multiplies by 1.0 first (exact in IEEE), against plain row sums; and a
// sum over one element from -0.0 is that element (exact).
func.func @f(%m: tensor<5x5xf32>, %v: tensor<1xf32>) -> (tensor<5xf32>, f32) {
  %zero = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%m : tensor<5x5xf32>) outs(%init : tensor<5xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %one = arith.constant 1.0 : f32
    %t = arith.mulf %x, %one : f32
    %s = arith.addf %t, %acc : f32
    linalg.yield %s : f32
  } -> tensor<5xf32>
  %e1 = tensor.empty() : tensor<f32>
  %i1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<f32>) -> tensor<f32>
  %1 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]} ins(%v : tensor<1xf32>) outs(%i1 : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %r = tensor.extract %1[] : tensor<f32>
  return %0, %r : tensor<5xf32>, f32
}
