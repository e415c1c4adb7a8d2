func.func @f(%a: tensor<8xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%a : tensor<8xf32>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    linalg.yield %x : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
