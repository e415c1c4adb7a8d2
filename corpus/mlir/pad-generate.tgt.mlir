func.func @f(%t: tensor<3x4xi32>, %i: index) -> (tensor<5x7xi32>, index) {
  %g = tensor.generate {
  ^bb0(%a: index, %b: index):
    %s = arith.addi %b, %a : index
    %v = arith.index_cast %s : index to i32
    tensor.yield %v : i32
  } : tensor<5x7xi32>
  %r = tensor.insert_slice %t into %g[1, 2] [3, 4] [1, 1] : tensor<3x4xi32> into tensor<5x7xi32>
  return %r, %i : tensor<5x7xi32>, index
}
