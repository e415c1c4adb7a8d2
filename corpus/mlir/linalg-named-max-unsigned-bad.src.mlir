// expect: refuted
// linalg.max on i8 is the signed maximum (`arith.maxsi`, as mlir-opt-19
// --linalg-generalize-named-ops writes it); a lowering with `arith.maxui` differs where the
// operands' signs differ: refuted, replayed. The float `linalg.min` beside it is lowered right.
func.func @f(%i: tensor<6xi8>, %j: tensor<6xi8>, %a: tensor<5xf32>, %b: tensor<5xf32>) -> (tensor<6xi8>, tensor<5xf32>) {
  %ei = tensor.empty() : tensor<6xi8>
  %e = tensor.empty() : tensor<5xf32>
  %m = linalg.max ins(%i, %j : tensor<6xi8>, tensor<6xi8>) outs(%ei : tensor<6xi8>) -> tensor<6xi8>
  %n = linalg.min ins(%a, %b : tensor<5xf32>, tensor<5xf32>) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  return %m, %n : tensor<6xi8>, tensor<5xf32>
}
