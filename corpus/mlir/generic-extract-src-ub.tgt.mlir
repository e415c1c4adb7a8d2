func.func @f(%t: tensor<?xi32>) -> tensor<?xi32> {
  return %t : tensor<?xi32>
}
