func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = arith.addf %b, %a : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
