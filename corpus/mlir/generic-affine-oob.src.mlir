// expect: refuted
// The target's input map d0 * 2 + d1 reads %t[7] at the last loop point (3, 1): out of
// bounds, undefined behaviour that the source (a strided slice) does not have.
func.func @f(%t: tensor<7xi32>) -> tensor<4x1xi32> {
  %s = tensor.extract_slice %t[0] [4] [2] : tensor<7xi32> to tensor<4xi32>
  %r = tensor.expand_shape %s [[0, 1]] output_shape [4, 1] : tensor<4xi32> into tensor<4x1xi32>
  return %r : tensor<4x1xi32>
}
