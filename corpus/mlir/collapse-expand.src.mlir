// expect: verified
// Collapsing [?, 4] to [? * 4] and expanding back is the identity (row-major).
func.func @f(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %0 = tensor.collapse_shape %a [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [%n, 4] : tensor<?xf32> into tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}
