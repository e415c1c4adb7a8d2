// expect: refuted
// The target adds a tosa.gather whose batch sizes may differ.
func.func @f(%v: tensor<?x3x2xf32>, %i: tensor<?x0xi32>) -> tensor<?x3x2xf32> {
  return %v : tensor<?x3x2xf32>
}
