func.func @f(%x: tensor<?x4xf32>, %i: index) -> (tensor<?x4xf32>, f32) {
  %c1 = arith.constant 1 : index
  %e = tensor.extract %x[%i, %c1] : tensor<?x4xf32>
  return %x, %e : tensor<?x4xf32>, f32
}
