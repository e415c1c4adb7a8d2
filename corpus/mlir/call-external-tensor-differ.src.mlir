// expect: refuted
// The target passes a tensor with one element changed: the function may see it. The replay
// uses the model's table for @h, a result of dynamic size per argument.
func.func private @h(tensor<3x4xf32>) -> tensor<?xf32>
func.func @f(%t: tensor<3x4xf32>, %x: f32) -> tensor<?xf32> {
  %r = func.call @h(%t) : (tensor<3x4xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
