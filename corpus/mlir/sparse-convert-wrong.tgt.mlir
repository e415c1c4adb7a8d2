func.func @f(%x: tensor<2x4xi32>) -> i32 {
  %c1 = arith.constant 1 : index
  %e = tensor.extract %x[%c1, %c1] : tensor<2x4xi32>
  return %e : i32
}
