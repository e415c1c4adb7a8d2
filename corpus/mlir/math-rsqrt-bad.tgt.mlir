#id = affine_map<(d0) -> (d0)>
func.func @f(%t: tensor<4xf32>, %u: tensor<4xf32>) -> (tensor<4xf32>, f32, f32) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%t, %u : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %q = math.sqrt %a : f32
    %r = arith.addf %q, %one : f32
    %l = math.log1p %b : f32
    %h = math.tanh %l : f32
    %g = math.erf %h : f32
    %p = math.powf %g, %r : f32
    %s = arith.addf %r, %p : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %1 = arith.constant 8.0 : f32
  %2 = arith.constant -0.0 : f32
  return %0, %1, %2 : tensor<4xf32>, f32, f32
}
