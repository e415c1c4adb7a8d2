// expect: verified
// linalg.transpose and linalg.broadcast against their generic forms (mlir-opt-19 --linalg-generalize-named-ops).
func.func @f(%a: tensor<2x3xf32>, %o: tensor<3x2xf32>, %b: tensor<3x4x2xf32>) -> (tensor<3x2xf32>, tensor<3x4x2xf32>) {
  %t = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%o : tensor<3x2xf32>) permutation = [1, 0]
  %u = linalg.broadcast ins(%t : tensor<3x2xf32>) outs(%b : tensor<3x4x2xf32>) dimensions = [1]
  return %t, %u : tensor<3x2xf32>, tensor<3x4x2xf32>
}
