// expect: verified
// tosa.fully_connected lowered as MLIR 19's tosa-to-linalg-named does: the output starts as
// the bias, broadcast, and the products are added to it. The sum of the bias and the products
// from the identity -0.0, in this order (TOSA leaves a float accumulation's order open).
func.func @f(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "tosa.fully_connected"(%x, %w, %b) : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
