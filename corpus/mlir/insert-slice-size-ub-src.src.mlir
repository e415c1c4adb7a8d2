// expect: verified
// insert_slice's sizes "specify the sizes of the source tensor type": sizes that differ from
// the source's are UB, so where the source is defined %s has 4 elements.
func.func @f(%s: tensor<?xf32>, %t: tensor<8xf32>) -> index {
  %c0 = arith.constant 0 : index
  %r = tensor.insert_slice %s into %t[0] [4] [1] : tensor<?xf32> into tensor<8xf32>
  %d = tensor.dim %s, %c0 : tensor<?xf32>
  return %d : index
}
