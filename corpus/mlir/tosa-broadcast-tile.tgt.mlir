func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %bt = "tosa.tile"(%b) {multiples = array<i64: 2, 1>} : (tensor<1x3xf32>) -> tensor<2x3xf32>
  %0 = "tosa.add"(%bt, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %a : tensor<2x3xf32>, tensor<2x3xf32>
}
