// The source's foo.norm in generic form.
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %n = "foo.norm"(%a, %b) {eps = 1.0e-05 : f32, axes = [0]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = arith.addf %n, %n : tensor<4xf32>
  return %s : tensor<4xf32>
}
