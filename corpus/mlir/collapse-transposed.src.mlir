// expect: refuted
// Collapsing is row-major: element [i, j] of a 2x3 tensor is element 3*i + j of the
// collapsed one, not i + 2*j (the column-major reading of the target).
func.func @f(%a: tensor<2x3xi32>, %k: index) -> i32 {
  %0 = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  %1 = tensor.extract %0[%k] : tensor<6xi32>
  return %1 : i32
}
