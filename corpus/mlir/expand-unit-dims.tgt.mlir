func.func @f(%a: tensor<1x?x3xf32>, %b: tensor<1x?x3xf32>) -> tensor<1x?x3xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c1 : tensor<1x?x3xf32>
  %x = tensor.collapse_shape %a [[0, 1], [2]] : tensor<1x?x3xf32> into tensor<?x3xf32>
  %y = tensor.collapse_shape %b [[0, 1], [2]] : tensor<1x?x3xf32> into tensor<?x3xf32>
  %s = arith.addf %x, %y : tensor<?x3xf32>
  %r = tensor.expand_shape %s [[0, 1], [2]] output_shape [1, %n, 3] : tensor<?x3xf32> into tensor<1x?x3xf32>
  return %r : tensor<1x?x3xf32>
}
