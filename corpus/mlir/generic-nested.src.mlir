// expect: verified
// A linalg.generic inside a linalg.generic body: the inner op reads only values from outside
// the loop, so every loop point computes the same tensor (2 * %t); the outer body extracts its
// element at the point's index.
#id = affine_map<(d0) -> (d0)>
func.func @f(%t: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%a: i32, %o: i32):
    %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%t : tensor<?xi32>) outs(%e : tensor<?xi32>) {
    ^bb0(%b: i32, %o2: i32):
      %s = arith.addi %b, %b : i32
      linalg.yield %s : i32
    } -> tensor<?xi32>
    %i = linalg.index 0 : index
    %v = tensor.extract %d[%i] : tensor<?xi32>
    linalg.yield %v : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
