// expect: refuted
// tosa.reduce_max on f32: the spec folds `apply_max_s` from `-inf`; MLIR 19's tosa-to-linalg
// starts the linalg.reduce from `-FLT_MAX` (as for tosa.max_pool2d: docs/mlir.md, reading
// disputes), so a row of `-inf`s gives `-inf` in the source and `-3.4028235e38` in the target:
// refuted, replayed.
func.func @f(%a: tensor<3x4xf32>) -> tensor<3x1xf32> {
  %0 = tosa.reduce_max %a {axis = 1 : i32} : (tensor<3x4xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}
