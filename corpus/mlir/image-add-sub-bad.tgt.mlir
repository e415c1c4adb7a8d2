// The source with arith.subf.
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @f(%a: tensor<1x224x224x3xf32>, %b: tensor<1x224x224x3xf32>) -> tensor<1x224x224x3xf32> {
  %e = tensor.empty() : tensor<1x224x224x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<1x224x224x3xf32>, tensor<1x224x224x3xf32>) outs(%e : tensor<1x224x224x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<1x224x224x3xf32>
  return %r : tensor<1x224x224x3xf32>
}
