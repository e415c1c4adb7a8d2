// expect: refuted
// A 128x490 (62,720-element) integer tensor: the target subtracts where the source adds, only
// in the last row (an extract_slice of row 127 is compared). The model's index is far past the
// first 4096 elements, which a replay reads in row-major order; the elements the query reads
// are taken from the model wherever they are.
func.func @f(%a: tensor<128x490xi32>, %b: tensor<128x490xi32>) -> tensor<1x490xi32> {
  %s = arith.addi %a, %b : tensor<128x490xi32>
  %r = tensor.extract_slice %s[127, 0] [1, 490] [1, 1] : tensor<128x490xi32> to tensor<1x490xi32>
  return %r : tensor<1x490xi32>
}
