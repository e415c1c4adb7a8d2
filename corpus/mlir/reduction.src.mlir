// expect: verified
// A float sum against itself: identical reductions are one term.
#id = affine_map<(d0) -> (d0)>
#sc = affine_map<(d0) -> ()>
func.func @f(%a: tensor<8xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.generic {indexing_maps = [#id, #sc], iterator_types = ["reduction"]}
      ins(%a : tensor<8xf32>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
