// expect: verified
// linalg.reduce against its generic form (mlir-opt-19 --linalg-generalize-named-ops).
func.func @f(%x: tensor<3x4xi32>, %init: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.reduce ins(%x : tensor<3x4xi32>) outs(%init : tensor<4xi32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %s = arith.addi %in, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<4xi32>
}
