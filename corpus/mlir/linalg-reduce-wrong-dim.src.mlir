// expect: refuted
// The target's generic reduces the other dimension of a square input.
func.func @f(%x: tensor<4x4xi32>, %init: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.reduce ins(%x : tensor<4x4xi32>) outs(%init : tensor<4xi32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %s = arith.addi %in, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<4xi32>
}
