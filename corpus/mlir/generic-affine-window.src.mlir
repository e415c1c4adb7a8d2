// expect: verified
// An input map that is not a projected permutation: (d0, d1) -> (d0 + d1) reads sliding
// windows of %t (im2col in one dimension); the loop bounds come from the output, whose map
// results are plain loops.
func.func @f(%t: tensor<6xf32>) -> tensor<4x3xf32> {
  %s0 = tensor.extract_slice %t[0] [4] [1] : tensor<6xf32> to tensor<4xf32>
  %s1 = tensor.extract_slice %t[1] [4] [1] : tensor<6xf32> to tensor<4xf32>
  %s2 = tensor.extract_slice %t[2] [4] [1] : tensor<6xf32> to tensor<4xf32>
  %e = tensor.empty() : tensor<4x3xf32>
  %r0 = tensor.insert_slice %s0 into %e[0, 0] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x3xf32>
  %r1 = tensor.insert_slice %s1 into %r0[0, 1] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x3xf32>
  %r2 = tensor.insert_slice %s2 into %r1[0, 2] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x3xf32>
  return %r2 : tensor<4x3xf32>
}
