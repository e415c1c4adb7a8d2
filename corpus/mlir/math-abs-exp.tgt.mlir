#id = affine_map<(d0) -> (d0)>
func.func @f(%x: f32, %y: f32, %t: tensor<4xf32>) -> (f32, f32, f32, tensor<4xf32>) {
  %m = arith.mulf %x, %y : f32
  %0 = math.absf %m : f32
  %ax = math.absf %x : f32
  %ay = math.absf %y : f32
  %1 = arith.divf %ax, %ay : f32
  %2 = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  return %0, %1, %2, %3 : f32, f32, f32, tensor<4xf32>
}
