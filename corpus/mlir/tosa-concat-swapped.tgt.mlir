func.func @f(%a: tensor<2xi32>, %b: tensor<3xi32>) -> tensor<5xi32> {
  %ra = "tosa.reverse"(%a) {axis = 0 : i32} : (tensor<2xi32>) -> tensor<2xi32>
  %rb = "tosa.reverse"(%b) {axis = 0 : i32} : (tensor<3xi32>) -> tensor<3xi32>
  %c = "tosa.concat"(%ra, %rb) {axis = 0 : i32} : (tensor<2xi32>, tensor<3xi32>) -> tensor<5xi32>
  return %c : tensor<5xi32>
}
