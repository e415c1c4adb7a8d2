func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
