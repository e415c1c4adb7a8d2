// expect: refuted
// As reduce-const-output, but the target's output map is (d0) -> (0): the sum lands in
// element 0, and element 1 keeps its initial value.
func.func @f(%t: tensor<5xi32>, %init: tensor<3xi32>) -> tensor<3xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (1)>],
                       iterator_types = ["reduction"]}
      ins(%t : tensor<5xi32>) outs(%init : tensor<3xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  return %r : tensor<3xi32>
}
