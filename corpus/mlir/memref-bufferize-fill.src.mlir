// expect: verified
// The bufferized form of a fill (alloc, fill the buffer, read it back as a tensor) is the
// tensor fill.
func.func @f(%v: i32, %n: index) -> tensor<2x3xi32> {
  %e = tensor.empty() : tensor<2x3xi32>
  %r = linalg.fill ins(%v : i32) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}
