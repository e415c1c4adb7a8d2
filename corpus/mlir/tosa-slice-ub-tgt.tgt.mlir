func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tosa.slice"(%a) {start = array<i64: 0>, size = array<i64: 4>} : (tensor<?xf32>) -> tensor<4xf32>
  return %a : tensor<?xf32>
}
