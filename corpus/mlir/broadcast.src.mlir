// expect: verified
// A broadcast row added through linalg.generic, against the same with the operands swapped.
#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<4x?xf32>, %r: tensor<?xf32>) -> tensor<4x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c1 : tensor<4x?xf32>
  %e = tensor.empty(%n) : tensor<4x?xf32>
  %o = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %r : tensor<4x?xf32>, tensor<?xf32>) outs(%e : tensor<4x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x?xf32>
  return %o : tensor<4x?xf32>
}
