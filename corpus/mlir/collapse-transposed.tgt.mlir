func.func @f(%a: tensor<2x3xi32>, %k: index) -> i32 {
  %c2 = arith.constant 2 : index
  %i = arith.remui %k, %c2 : index
  %j = arith.divui %k, %c2 : index
  %1 = tensor.extract %a[%i, %j] : tensor<2x3xi32>
  return %1 : i32
}
