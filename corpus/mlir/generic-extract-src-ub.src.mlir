// expect: verified
// The source's body reads %t[i + 1], outside the tensor at the last loop point: the source is
// undefined whenever the tensor is not empty, so any target refines it (here: %t itself).
#id = affine_map<(d0) -> (d0)>
func.func @f(%t: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e : tensor<?xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %c1 = arith.constant 1 : index
    %k = arith.addi %i, %c1 : index
    %v = tensor.extract %t[%k] : tensor<?xi32>
    linalg.yield %v : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}
