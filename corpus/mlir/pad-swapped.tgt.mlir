func.func @f(%t: tensor<3x4xi32>, %i: index) -> (tensor<5x7xi32>, index) {
  %r = tensor.pad %t low[1, 1] high[1, 2] {
  ^bb0(%a: index, %b: index):
    %s = arith.addi %a, %b : index
    %v = arith.index_cast %s : index to i32
    tensor.yield %v : i32
  } : tensor<3x4xi32> to tensor<5x7xi32>
  return %r, %i : tensor<5x7xi32>, index
}
