#id = affine_map<(i, j) -> (i, j)>
#tr = affine_map<(i, j) -> (j, i)>
func.func @f(%a: memref<2x2xi32>, %b: memref<2x2xi32>) {
  linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<2x2xi32>) outs(%b : memref<2x2xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  }
  return
}
