// expect: unknown
// linalg.matmul with `cast = #linalg.type_fn<cast_unsigned>` against a generic that sign-extends (wrong; unknown while a widening matmul is not modelled)
func.func @f(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
