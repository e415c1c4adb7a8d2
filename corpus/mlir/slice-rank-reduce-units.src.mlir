// expect: verified
// Rank-reducing slices with several unit sizes: MLIR's rule (computeRankReductionMask) keeps a
// unit size while the next result dim is a static 1 and drops it otherwise, so sizes
// [1, 1, 4] to tensor<1x4xf32> keep dims 0 and 2. The target spells the same slices without
// rank reduction plus a reshape.
func.func @f(%t: tensor<2x3x4xf32>, %u: tensor<2x3x4xf32>) -> (tensor<1x4xf32>, tensor<2x3x4xf32>) {
  %s = tensor.extract_slice %t[1, 2, 0] [1, 1, 4] [1, 1, 1] : tensor<2x3x4xf32> to tensor<1x4xf32>
  %i = tensor.insert_slice %s into %u[0, 1, 0] [1, 1, 4] [1, 1, 1] : tensor<1x4xf32> into tensor<2x3x4xf32>
  return %s, %i : tensor<1x4xf32>, tensor<2x3x4xf32>
}
