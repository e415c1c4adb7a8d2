// expect: verified
// The source casts %x to a static size 4: a cast that does not hold is UB ("it acts as an
// assertion that fails at runtime"), so where the source is defined the size is 4.
func.func @f(%x: tensor<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %y = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %d : index
}
