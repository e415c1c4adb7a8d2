// expect: unknown
// reason: unsupported attribute acc_type on tosa.conv2d at 2:8
// `acc_type` on tosa.conv2d (the accumulator type of later TOSA) is not read: unknown.
func.func @f(%x: tensor<1x6x5x1xi32>, %w: tensor<1x2x2x1xi32>, %b: tensor<1xi32>) -> tensor<1x3x4x1xi32> {
  %0 = "tosa.conv2d"(%x, %w, %b) {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 1>} : (tensor<1x6x5x1xi32>, tensor<1x2x2x1xi32>, tensor<1xi32>) -> tensor<1x3x4x1xi32>
  return %0 : tensor<1x3x4x1xi32>
}
