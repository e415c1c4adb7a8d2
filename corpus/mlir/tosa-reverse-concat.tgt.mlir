func.func @f(%a: tensor<2xi32>, %b: tensor<3xi32>) -> (tensor<5xi32>, tensor<3xi32>) {
  %ra = "tosa.reverse"(%a) {axis = 0 : i32} : (tensor<2xi32>) -> tensor<2xi32>
  %rb = "tosa.reverse"(%b) {axis = 0 : i32} : (tensor<3xi32>) -> tensor<3xi32>
  %c = "tosa.concat"(%rb, %ra) {axis = 0 : i32} : (tensor<3xi32>, tensor<2xi32>) -> tensor<5xi32>
  %m = "tosa.reshape"(%b) {new_shape = array<i64: 3, 1>} : (tensor<3xi32>) -> tensor<3x1xi32>
  %s = "tosa.reshape"(%m) {new_shape = array<i64: 3>} : (tensor<3x1xi32>) -> tensor<3xi32>
  return %c, %s : tensor<5xi32>, tensor<3xi32>
}
