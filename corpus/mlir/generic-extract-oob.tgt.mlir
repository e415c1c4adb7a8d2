#id = affine_map<(d0) -> (d0)>
func.func @f(%t: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<?xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %k = arith.subi %n, %i : index
    %v = tensor.extract %t[%k] : tensor<?xi32>
    linalg.yield %v : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
