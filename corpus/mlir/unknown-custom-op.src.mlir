// expect: unknown (source: unsupported op foo.norm at 6:3
// An op this tool does not model, in its custom form (source) and its generic form (target):
// both parse (the custom text is skipped up to the end of the op, regions and all) and the
// verdict is unknown at the op's position, not a parse error.
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %n = foo.norm %a, %b {eps = 1.0e-05 : f32, axes = [0]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %w:2 = foo.loop (%i = %n) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    foo.body %i : tensor<4xf32>
  } loc("unknown-custom-op.src.mlir":7:3)
  %s = arith.addf %w#0, %w#1 : tensor<4xf32>
  return %s : tensor<4xf32>
}
