// expect: verified
// A pad whose value depends on the index equals a generate that selects between the source
// and that value; affine.apply floordiv/mod rebuild an index.
func.func @f(%t: tensor<3x4xi32>, %i: index) -> (tensor<5x7xi32>, index) {
  %r = tensor.pad %t low[1, 2] high[1, 1] {
  ^bb0(%a: index, %b: index):
    %s = arith.addi %a, %b : index
    %v = arith.index_cast %s : index to i32
    tensor.yield %v : i32
  } : tensor<3x4xi32> to tensor<5x7xi32>
  %q = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%i)
  %m = affine.apply affine_map<(d0) -> (d0 mod 4)>(%i)
  %k = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%q, %m)
  return %r, %k : tensor<5x7xi32>, index
}
