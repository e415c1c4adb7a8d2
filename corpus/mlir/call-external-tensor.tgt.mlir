func.func private @h(tensor<3x4xf32>, index) -> tensor<?x?xf32>
func.func @f(%t: tensor<3x4xf32>, %i: index) -> tensor<?x?xf32> {
  %c1 = arith.constant 1 : index
  %e = tensor.extract %t[%c1, %c1] : tensor<3x4xf32>
  %u = tensor.insert %e into %t[%c1, %c1] : tensor<3x4xf32>
  %r = func.call @h(%u, %i) : (tensor<3x4xf32>, index) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
