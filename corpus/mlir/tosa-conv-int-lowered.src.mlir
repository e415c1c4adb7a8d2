// expect: verified
// An integer tosa.conv2d (exact sums: order does not matter) is the linalg convolution
// from the broadcast bias, as mlir-opt-19 --tosa-to-linalg-named lowers it.
func.func @f(%x: tensor<1x6x5x1xi32>, %w: tensor<1x2x2x1xi32>, %b: tensor<1xi32>) -> tensor<1x3x4x1xi32> {
  %0 = "tosa.conv2d"(%x, %w, %b) {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 1>} : (tensor<1x6x5x1xi32>, tensor<1x2x2x1xi32>, tensor<1xi32>) -> tensor<1x3x4x1xi32>
  return %0 : tensor<1x3x4x1xi32>
}
