// expect: refuted
// MLIR's tosa-to-linalg-named starts a float max pool from -FLT_MAX (APFloat::getLargest,
// negative) where the TOSA spec starts from minimum_value, -infinity: a window of -inf gives
// -inf in the source and -3.4028235e38 in the target (mlir-tv's litmus/tosa-ops/maxpool2d).
func.func @f(%x: tensor<1x3x3x1xf32>) -> tensor<1x1x1x1xf32> {
  %0 = "tosa.max_pool2d"(%x) {kernel = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x1xf32>) -> tensor<1x1x1x1xf32>
  return %0 : tensor<1x1x1x1xf32>
}
