// expect: verified
// Tensor arguments are compared by shape and elements: writing back an element that was read
// from the same place gives an equal tensor, so the results (a tensor of dynamic size, its
// dims and elements functions of the arguments) are equal.
func.func private @h(tensor<3x4xf32>, index) -> tensor<?x?xf32>
func.func @f(%t: tensor<3x4xf32>, %i: index) -> tensor<?x?xf32> {
  %r = func.call @h(%t, %i) : (tensor<3x4xf32>, index) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
