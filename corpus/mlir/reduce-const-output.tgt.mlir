func.func @f(%t: tensor<5xi32>, %init: tensor<3xi32>) -> tensor<3xi32> {
  %c1 = arith.constant 1 : index
  %i1 = tensor.extract %init[%c1] : tensor<3xi32>
  %z = tensor.from_elements %i1 : tensor<i32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                         iterator_types = ["reduction"]}
      ins(%t : tensor<5xi32>) outs(%z : tensor<i32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %acc, %x : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  %v = tensor.extract %sum[] : tensor<i32>
  %r = tensor.insert %v into %init[%c1] : tensor<3xi32>
  return %r : tensor<3xi32>
}
