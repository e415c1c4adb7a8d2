// expect: verified
// tensor.concat along dim 1 of three f32 tensors (one of dynamic width), decomposed as
// MLIR 19's `transform.apply_patterns.tensor.decompose_concat` does: a tensor.empty of the
// summed size and one tensor.insert_slice per operand at the running offset.
func.func @f(%a: tensor<3x2xf32>, %b: tensor<3x?xf32>, %c: tensor<3x4xf32>) -> tensor<3x?xf32> {
  %0 = tensor.concat dim(1) %a, %b, %c : (tensor<3x2xf32>, tensor<3x?xf32>, tensor<3x4xf32>) -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}
