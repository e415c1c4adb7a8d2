// expect: verified
// tosa.fully_connected as the TOSA spec computes it: products from +0.0, bias added last.
func.func @f(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "tosa.fully_connected"(%x, %w, %b) : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
