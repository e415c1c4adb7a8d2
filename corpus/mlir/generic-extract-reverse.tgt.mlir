#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%t: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?x3xi32>
  %e = tensor.empty(%n) : tensor<?x3xi32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<?x3xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c1 = arith.constant 1 : index
    %last = arith.subi %n, %c1 : index
    %k = arith.subi %last, %i : index
    %v = tensor.extract %t[%k, %j] : tensor<?x3xi32>
    linalg.yield %v : i32
  } -> tensor<?x3xi32>
  return %r : tensor<?x3xi32>
}
