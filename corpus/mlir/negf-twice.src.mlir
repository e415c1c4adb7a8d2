// expect: verified
func.func @f(%a: tensor<?xf64>) -> tensor<?xf64> {
  return %a : tensor<?xf64>
}
