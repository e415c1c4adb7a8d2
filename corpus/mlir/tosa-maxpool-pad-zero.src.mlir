// expect: refuted
// A lowering that pads with 0 lets the padding take part in the maximum: a window of
// negative values next to the border gives 0 instead of their maximum.
func.func @f(%x: tensor<1x4x4x2xi32>) -> tensor<1x2x2x2xi32> {
  %0 = "tosa.max_pool2d"(%x) {kernel = array<i64: 3, 3>, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xi32>) -> tensor<1x2x2x2xi32>
  return %0 : tensor<1x2x2x2xi32>
}
