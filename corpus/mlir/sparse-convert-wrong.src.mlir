// expect: refuted
// The converted tensor is read at another column than the source reads: a real difference
// (the encoding changes nothing, so the elements of %x decide).
#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
func.func @f(%x: tensor<2x4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = sparse_tensor.convert %x : tensor<2x4xi32> to tensor<2x4xi32, #CSR>
  %e = tensor.extract %s[%c0, %c1] : tensor<2x4xi32, #CSR>
  return %e : i32
}
