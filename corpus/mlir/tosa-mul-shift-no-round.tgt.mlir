func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {
  %b = arith.constant dense<3> : tensor<4xi32>
  %one = arith.constant dense<1> : tensor<4xi64>
  %a64 = arith.extsi %a : tensor<4xi32> to tensor<4xi64>
  %b64 = arith.extsi %b : tensor<4xi32> to tensor<4xi64>
  %p = arith.muli %a64, %b64 : tensor<4xi64>
  %s = arith.shrsi %p, %one : tensor<4xi64>
  %t = arith.trunci %s : tensor<4xi64> to tensor<4xi32>
  return %t : tensor<4xi32>
}
