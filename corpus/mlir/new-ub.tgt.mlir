func.func @f(%t: tensor<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %t[%c0] : tensor<?xi32>
  %z = arith.subi %v, %v : i32
  return %z : i32
}
