// expect: unknown
// tosa.rescale (multiplier, shift, zero points, scale32, double_round, per_channel) is not
// modelled: even the pair of a function with itself is unknown, naming the op.
func.func @f(%a: tensor<4xi8>) -> tensor<4xi32> {
  %0 = tosa.rescale %a {double_round = true, input_zp = 0 : i32, multiplier = array<i32: 1073741824>, output_zp = 0 : i32, per_channel = false, scale32 = true, shift = array<i8: 30>} : (tensor<4xi8>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
