// expect: verified
// A padded size beyond 2^63 - 1 is no tensor size: the source is UB there, so the target's
// wrapping sum only has to agree below it.
func.func @f(%t: tensor<?xf32>, %h0: index) -> index {
  %c0 = arith.constant 0 : index
  %hp = arith.maxsi %h0, %c0 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %t low[0] high[%hp] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<?xf32> to tensor<?xf32>
  %d = tensor.dim %p, %c0 : tensor<?xf32>
  return %d : index
}
