// The source with arith.subi.
func.func @f(%a: tensor<128x490xi32>, %b: tensor<128x490xi32>) -> tensor<1x490xi32> {
  %s = arith.subi %a, %b : tensor<128x490xi32>
  %r = tensor.extract_slice %s[127, 0] [1, 490] [1, 1] : tensor<128x490xi32> to tensor<1x490xi32>
  return %r : tensor<1x490xi32>
}
