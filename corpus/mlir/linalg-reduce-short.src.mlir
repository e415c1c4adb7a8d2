// expect: verified
// linalg.reduce in the short form mlir-opt prints, with an attribute of the body's op.
func.func @f(%a: tensor<4x3xi32>, %z: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.reduce { arith.addi {overflowFlags = #arith.overflow<none>} } ins(%a : tensor<4x3xi32>) outs(%z : tensor<4xi32>) dimensions = [1]
  return %r : tensor<4xi32>
}
