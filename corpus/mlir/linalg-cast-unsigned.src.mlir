// expect: unknown
// linalg.matmul with `cast = #linalg.type_fn<cast_unsigned>`: i8 operands are zero-extended to
// the i32 accumulator; the generalized form (mlir-opt-19 --linalg-generalize-named-ops) says
// arith.extui. A matmul that widens its operands is not modelled yet: unknown, naming the op.
func.func @f(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
