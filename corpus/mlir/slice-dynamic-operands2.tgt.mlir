func.func @f(%t: tensor<8x8xf32>, %o0: index, %o1: index, %s0: index) -> tensor<?x4xf32> {
  %rows = tensor.extract_slice %t[%o0, 0][%s0, 8][1, 1] : tensor<8x8xf32> to tensor<?x8xf32>
  %r = tensor.extract_slice %rows[0, %o1][%s0, 4][1, 1] : tensor<?x8xf32> to tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
