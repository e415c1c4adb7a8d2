func.func @f(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %a : tensor<?x4xf32>
}
