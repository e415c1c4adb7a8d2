func.func @f(%a: tensor<?xf64>) -> tensor<?xf64> {
  %0 = arith.negf %a : tensor<?xf64>
  %1 = arith.negf %0 : tensor<?xf64>
  return %1 : tensor<?xf64>
}
