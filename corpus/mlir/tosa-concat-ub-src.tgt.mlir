func.func @f(%a: tensor<2x?xf32>, %b: tensor<3x?xf32>) -> i1 {
  %t = arith.constant true
  return %t : i1
}
