// expect: refuted
// As generic-extract-oob on a static shape (the UB condition is then a disjunction over the
// loop points): the target reads %t[4 - i], outside the tensor at i = 0 only.
func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = "tosa.reverse"(%t) {axis = 0 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
