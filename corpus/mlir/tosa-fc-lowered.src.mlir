// expect: unknown
// tosa.fully_connected lowered as older MLIR did: products from a +0.0 fill, bias added last.
// A tosa float accumulation starts from the additive identity -0.0 (mlir-tv's reading, and
// MLIR 19's bias-first lowering: docs/mlir.md), so all--0.0 products and a -0.0 bias give -0.0
// in the source and +0.0 here (mlir-tv: "incorrect because tgt is filling a non-identity
// value"); the refutation of a tosa float accumulation is not trusted (its order is open):
// unknown. With --no-signed-zeros it verifies.
func.func @f(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "tosa.fully_connected"(%x, %w, %b) : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
