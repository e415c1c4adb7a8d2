func.func @f(%a: tensor<4x3xi32>, %z: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.reduce ins(%a : tensor<4x3xi32>) outs(%z : tensor<4xi32>) dimensions = [1]
    (%x: i32, %y: i32) {
      %s = arith.addi %y, %x : i32
      linalg.yield %s : i32
    }
  return %r : tensor<4xi32>
}
