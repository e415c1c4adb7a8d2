// expect: refuted
// Padding with -0.0 versus +0.0: the padded elements differ in IEEE (their bit patterns, and
// 1/x). With `--no-signed-zeros` (mlir-tv's --use-neg-zero) the pair verifies
// (crates/cli/tests/cli.rs).
func.func @f(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %z = arith.constant -0.0 : f32
  %r = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<2x3xf32> to tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
