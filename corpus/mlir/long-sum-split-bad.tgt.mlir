func.func @f(%x: tensor<128xf32>) -> tensor<f32> {
  %z = arith.constant -0.0 : f32
  %x1 = tensor.extract_slice %x[0] [64] [1] : tensor<128xf32> to tensor<64xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %o2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x1 : tensor<64xf32>) outs(%o2 : tensor<2xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %e = tensor.empty() : tensor<f32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]} ins(%h : tensor<2xf32>) outs(%o : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
