func.func @f(%x: tensor<1x6x5x1xi32>, %w: tensor<1x2x2x1xi32>, %b: tensor<1xi32>) -> tensor<1x3x4x1xi32> {
  %e = tensor.empty() : tensor<1x3x4x1xi32>
  %f = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<1xi32>) outs(%e : tensor<1x3x4x1xi32>) {
  ^bb0(%in: i32, %o: i32):
    linalg.yield %in : i32
  } -> tensor<1x3x4x1xi32>
  %0 = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%x, %w : tensor<1x6x5x1xi32>, tensor<1x2x2x1xi32>) outs(%f : tensor<1x3x4x1xi32>) -> tensor<1x3x4x1xi32>
  return %0 : tensor<1x3x4x1xi32>
}
