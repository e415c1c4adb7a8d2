#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<4x?xf32>, %r: tensor<?xf32>) -> tensor<4x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c1 : tensor<4x?xf32>
  %e = tensor.empty(%n) : tensor<4x?xf32>
  %o = linalg.generic {indexing_maps = [#row, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r, %a : tensor<?xf32>, tensor<4x?xf32>) outs(%e : tensor<4x?xf32>) {
  ^bb0(%y: f32, %x: f32, %z: f32):
    %s = arith.addf %y, %x : f32
    linalg.yield %s : f32
  } -> tensor<4x?xf32>
  return %o : tensor<4x?xf32>
}
