// expect: refuted
// tosa.reduce_min on i8 whose lowering starts the minimum from 126 instead of the greatest
// i8 (127): refuted, replayed on a row of 127s.
func.func @f(%a: tensor<6x5xi8>) -> tensor<6x1xi8> {
  %0 = tosa.reduce_min %a {axis = 1 : i32} : (tensor<6x5xi8>) -> tensor<6x1xi8>
  return %0 : tensor<6x1xi8>
}
