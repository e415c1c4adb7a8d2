// expect: verified
// A fill followed by an elementwise multiply, fused into one generic with a broadcast scalar.
#id = affine_map<(d0) -> (d0)>
#sc = affine_map<(d0) -> ()>
func.func @f(%a: tensor<?xf32>, %s: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = arith.mulf %a, %f : tensor<?xf32>
  return %r : tensor<?xf32>
}
