// expect: verified
// A reducing linalg.generic whose output map is a constant, (d0) -> (1): every loop point
// adds into element 1 of the output; elements 0 and 2 are never written and keep their
// initial values. The target sums into a 0-d tensor and inserts the total at 1.
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
