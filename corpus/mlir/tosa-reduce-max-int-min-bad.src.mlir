// expect: refuted
// tosa.reduce_max on i8 whose lowering folds `arith.minsi` instead of `arith.maxsi`
// (from the greatest i8, so the fill is consistent): refuted, replayed.
func.func @f(%a: tensor<6x5xi8>) -> tensor<6x1xi8> {
  %0 = tosa.reduce_max %a {axis = 1 : i32} : (tensor<6x5xi8>) -> tensor<6x1xi8>
  return %0 : tensor<6x1xi8>
}
