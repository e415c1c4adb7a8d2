// expect: verified
// linalg.map in the short form mlir-opt prints (`{ arith.subf }`: the body's one op on the
// inputs' elements, in order) against its body written out.
func.func @f(%a: tensor<4x2xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %e = tensor.empty() : tensor<4x2xf32>
  %r = linalg.map { arith.subf } ins(%a, %b : tensor<4x2xf32>, tensor<4x2xf32>) outs(%e : tensor<4x2xf32>)
  return %r : tensor<4x2xf32>
}
