func.func @f(%x: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %z = arith.constant 0.0 : f32
  %r = tensor.pad %x low[2, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<2x3xf32> to tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
