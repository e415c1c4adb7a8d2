// expect: refuted
// Extent 1 of the shape is not dim 0: refuted whenever the two dims differ.
func.func @f(%x: tensor<?x?xf32>) -> index {
  %c1 = arith.constant 1 : index
  %s = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %n = tensor.extract %s[%c1] : tensor<2xindex>
  return %n : index
}
