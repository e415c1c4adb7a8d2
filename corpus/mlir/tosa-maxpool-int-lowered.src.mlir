// expect: verified
// tosa.max_pool2d on integers with padding and stride 2, against MLIR's tosa-to-linalg-named
// lowering: pad with the least i32, fill with it, then linalg.pooling_nhwc_max. Padding takes
// no part in the maximum (the least value is the identity of maxsi).
func.func @f(%x: tensor<1x4x4x2xi32>) -> tensor<1x2x2x2xi32> {
  %0 = "tosa.max_pool2d"(%x) {kernel = array<i64: 3, 3>, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x2xi32>) -> tensor<1x2x2x2xi32>
  return %0 : tensor<1x2x2x2xi32>
}
