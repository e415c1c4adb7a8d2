func.func @f(%t: tensor<7xi32>) -> tensor<4x1xi32> {
  %e = tensor.empty() : tensor<4x2xi32>
  %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<7xi32>) outs(%e : tensor<4x2xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<4x2xi32>
  %r = tensor.extract_slice %w[0, 0] [4, 1] [1, 1] : tensor<4x2xi32> to tensor<4x1xi32>
  return %r : tensor<4x1xi32>
}
