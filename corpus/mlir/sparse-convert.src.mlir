// expect: verified
// sparse_tensor.convert keeps the values ("only the sparse encoding of these types may be
// different"; converting to dense makes implicit zeroes explicit): a round trip through CSR,
// and an element read from the sparse tensor, are the dense tensor's.
#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
func.func @f(%x: tensor<?x4xf32>, %i: index) -> (tensor<?x4xf32>, f32) {
  %c1 = arith.constant 1 : index
  %s = sparse_tensor.convert %x : tensor<?x4xf32> to tensor<?x4xf32, #CSR>
  %d = sparse_tensor.convert %s : tensor<?x4xf32, #CSR> to tensor<?x4xf32>
  %e = tensor.extract %s[%i, %c1] : tensor<?x4xf32, #CSR>
  return %d, %e : tensor<?x4xf32>, f32
}
