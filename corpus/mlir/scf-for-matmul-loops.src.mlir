// expect: verified
// A matmul on tensors against its lowering to loops over buffers (what `--one-shot-bufferize
// --convert-linalg-to-loops` makes of it): three nested scf.for, unrolled (60 iterations).
func.func @f(%A: tensor<4x3xi32>, %B: tensor<3x5xi32>, %C: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<4x3xi32>, tensor<3x5xi32>) outs(%C : tensor<4x5xi32>) -> tensor<4x5xi32>
  return %r : tensor<4x5xi32>
}
