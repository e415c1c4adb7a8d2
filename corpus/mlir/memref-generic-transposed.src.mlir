// expect: refuted
// The buffer form writes the transpose: the output buffer differs on return.
#id = affine_map<(i, j) -> (i, j)>
func.func @f(%a: memref<2x2xi32>, %b: memref<2x2xi32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<2x2xi32>) outs(%b : memref<2x2xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  }
  return
}
