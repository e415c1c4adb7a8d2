func.func @f(%v: tensor<1x3x2xf32>, %i: tensor<1x2xi32>) -> i1 {
  %t = arith.constant true
  return %t : i1
}
