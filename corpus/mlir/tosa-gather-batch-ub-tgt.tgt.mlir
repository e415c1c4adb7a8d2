func.func @f(%v: tensor<?x3x2xf32>, %i: tensor<?x0xi32>) -> tensor<?x3x2xf32> {
  %0 = "tosa.gather"(%v, %i) : (tensor<?x3x2xf32>, tensor<?x0xi32>) -> tensor<?x0x2xf32>
  return %v : tensor<?x3x2xf32>
}
