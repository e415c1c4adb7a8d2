// expect: refuted
// The target adds a tosa.gather whose indices may leave the values: UB where the source is
// defined.
func.func @f(%v: tensor<1x3x2xf32>, %i: tensor<1x2xi32>) -> tensor<1x3x2xf32> {
  return %v : tensor<1x3x2xf32>
}
