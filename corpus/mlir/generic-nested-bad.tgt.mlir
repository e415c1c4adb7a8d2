func.func @f(%t: tensor<?xi32>) -> tensor<?xi32> {
  %r = arith.addi %t, %t : tensor<?xi32>
  return %r : tensor<?xi32>
}
