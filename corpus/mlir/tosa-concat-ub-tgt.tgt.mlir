func.func @f(%a: tensor<2x?xf32>, %b: tensor<3x?xf32>) -> tensor<2x?xf32> {
  %0 = "tosa.concat"(%a, %b) {axis = 0 : i32} : (tensor<2x?xf32>, tensor<3x?xf32>) -> tensor<5x?xf32>
  return %a : tensor<2x?xf32>
}
