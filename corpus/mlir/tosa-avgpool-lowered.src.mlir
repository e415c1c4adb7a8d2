// expect: verified
// tosa.avg_pool2d on floats, kernel 2x2, stride 2, no padding, against MLIR's lowering: the
// window's sum from +0.0 in (ky, kx) order (linalg.pooling_nhwc_sum), then divided by the
// count of elements, 4.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @f(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32> {
  %0 = "tosa.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, acc_type = f32} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}
