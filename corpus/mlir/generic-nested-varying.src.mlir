// expect: unknown
// An op in a linalg.generic body that reads the loop point (the block argument %a) is not
// loop-invariant: nested ops are supported only when every point computes the same value.
#id = affine_map<(d0) -> (d0)>
func.func @f(%t: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%a: i32, %o: i32):
    %f = linalg.fill ins(%a : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
    %i = linalg.index 0 : index
    %v = tensor.extract %f[%i] : tensor<?xi32>
    linalg.yield %v : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
