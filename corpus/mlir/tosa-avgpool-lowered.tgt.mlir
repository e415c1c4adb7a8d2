#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @f(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %four = arith.constant 4 : i32
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %w = tensor.empty() : tensor<2x2xf32>
  %s = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %e2 = tensor.empty() : tensor<1x2x2x2xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x2x2x2xf32>) outs(%e2 : tensor<1x2x2x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.sitofp %four : i32 to f32
    %q = arith.divf %a, %n : f32
    linalg.yield %q : f32
  } -> tensor<1x2x2x2xf32>
  return %r : tensor<1x2x2x2xf32>
}
