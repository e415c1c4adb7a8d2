func.func @f(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {
  %0 = "tosa.avg_pool2d"(%x) {kernel = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, acc_type = f32} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
