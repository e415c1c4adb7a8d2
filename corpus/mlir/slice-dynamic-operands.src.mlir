// expect: verified
// Dynamic slice operands are all offsets, then all sizes, then all strides (MLIR's order),
// here with a dynamic stride of 2; the target has the same slice with static sizes/strides.
func.func @f(%v: tensor<8x9xf32>, %a: index, %b: index) -> tensor<2x3xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %s = tensor.extract_slice %v[%a, %b] [%c2, %c3] [%c2, %c2] : tensor<8x9xf32> to tensor<?x?xf32>
  %r = tensor.cast %s : tensor<?x?xf32> to tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
