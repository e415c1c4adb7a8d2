// expect: refuted
// A dynamic stride of 2 is not a stride of 1.
func.func @f(%v: tensor<8xf32>, %a: index) -> tensor<3xf32> {
  %c2 = arith.constant 2 : index
  %s = tensor.extract_slice %v[%a] [3] [%c2] : tensor<8xf32> to tensor<3xf32>
  return %s : tensor<3xf32>
}
