// expect: verified
// shape.shape_of of a tensor is its extent tensor: element k is dim k, so the extent read
// back is tensor.dim (and an empty tensor made from it has the argument's shape).
func.func @f(%x: tensor<?x3xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = shape.shape_of %x : tensor<?x3xf32> -> tensor<?xindex>
  %e = shape.to_extent_tensor %s : tensor<?xindex> -> tensor<2xindex>
  %n = tensor.extract %e[%c0] : tensor<2xindex>
  %m = tensor.extract %s[%c1] : tensor<?xindex>
  return %n, %m : index, index
}
