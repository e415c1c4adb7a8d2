func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %z = arith.constant 0.0 : f32
    tensor.yield %z : f32
  } : tensor<?xf32>
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  return %d : index
}
