func.func @f(%t: tensor<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = tensor.extract %t[%c0] : tensor<4xi32>
  %b = tensor.extract %t[%c1] : tensor<4xi32>
  %c = tensor.extract %t[%c2] : tensor<4xi32>
  %d = tensor.extract %t[%c3] : tensor<4xi32>
  %s0 = arith.addi %a, %b : i32
  %s1 = arith.addi %c, %d : i32
  %s = arith.addi %s0, %s1 : i32
  return %s : i32
}
