func.func @f(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  %bb = linalg.generic {indexing_maps = [affine_map<(n, o) -> (o)>, affine_map<(n, o) -> (n, o)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<2x4xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(n, o, i) -> (n, i)>, affine_map<(n, o, i) -> (o, i)>, affine_map<(n, o, i) -> (n, o)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x3xf32>, tensor<4x3xf32>) outs(%bb : tensor<2x4xf32>) {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  return %m : tensor<2x4xf32>
}
