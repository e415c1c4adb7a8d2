// expect: refuted
// Overflow flags on tensor operands: poison per element.
func.func @add_nsw(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.addi %a, %b : tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @add_nuw(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.addi %a, %b : tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @sub_nsw(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.subi %a, %b : tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @sub_nuw(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.subi %a, %b : tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @mul_nsw(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.muli %a, %b : tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @mul_nuw(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.muli %a, %b : tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @shl_nsw(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.shli %a, %b : tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @shl_nuw(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %r = arith.shli %a, %b : tensor<4xi8>
  return %r : tensor<4xi8>
}
