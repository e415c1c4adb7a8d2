// expect: verified
// The linalg elementwise named ops of MLIR 19 on f32 (`add sub mul div max min powf exp log
// abs ceil floor negf round sqrt rsqrt square tanh erf reciprocal select`) and on i8 (`add
// sub mul max min select`), each against its body as mlir-opt-19
// --linalg-generalize-named-ops writes it (a linalg.generic of one scalar op).
func.func @f(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>, %c: tensor<4x3xi1>, %i: tensor<6xi8>, %j: tensor<6xi8>, %k: tensor<6xi1>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>) {
  %e = tensor.empty() : tensor<4x3xf32>
  %ei = tensor.empty() : tensor<6xi8>
  %add = linalg.add ins(%a, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %sub = linalg.sub ins(%a, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %mul = linalg.mul ins(%a, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %div = linalg.div ins(%a, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %max = linalg.max ins(%a, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %min = linalg.min ins(%a, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %powf = linalg.powf ins(%a, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %exp = linalg.exp ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %log = linalg.log ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %abs = linalg.abs ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %ceil = linalg.ceil ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %floor = linalg.floor ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %negf = linalg.negf ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %round = linalg.round ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %sqrt = linalg.sqrt ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %rsqrt = linalg.rsqrt ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %square = linalg.square ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %tanh = linalg.tanh ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %erf = linalg.erf ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %reciprocal = linalg.reciprocal ins(%a : tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %sel = linalg.select ins(%c, %a, %b : tensor<4x3xi1>, tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %iadd = linalg.add ins(%i, %j : tensor<6xi8>, tensor<6xi8>) outs(%ei : tensor<6xi8>) -> tensor<6xi8>
  %isub = linalg.sub ins(%i, %j : tensor<6xi8>, tensor<6xi8>) outs(%ei : tensor<6xi8>) -> tensor<6xi8>
  %imul = linalg.mul ins(%i, %j : tensor<6xi8>, tensor<6xi8>) outs(%ei : tensor<6xi8>) -> tensor<6xi8>
  %imax = linalg.max ins(%i, %j : tensor<6xi8>, tensor<6xi8>) outs(%ei : tensor<6xi8>) -> tensor<6xi8>
  %imin = linalg.min ins(%i, %j : tensor<6xi8>, tensor<6xi8>) outs(%ei : tensor<6xi8>) -> tensor<6xi8>
  %isel = linalg.select ins(%k, %i, %j : tensor<6xi1>, tensor<6xi8>, tensor<6xi8>) outs(%ei : tensor<6xi8>) -> tensor<6xi8>
  return %add, %sub, %mul, %div, %max, %min, %powf, %exp, %log, %abs, %ceil, %floor, %negf, %round, %sqrt, %rsqrt, %square, %tanh, %erf, %reciprocal, %sel, %iadd, %isub, %imul, %imax, %imin, %isel : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>
}
