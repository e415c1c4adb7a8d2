// expect: refuted
// The target adds a tosa.add whose operands broadcast only when %a has 1 or 4 elements.
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  return %b : tensor<4xf32>
}
