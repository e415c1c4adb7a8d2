// expect: verified
// Bufferized, a select of tensors selects their read-only buffers.
func.func @f(%c: i1, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = arith.select %c, %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
