// expect: refuted
// The loops read the input transposed.
func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.mulf %x, %x : f32
    linalg.yield %z : f32
  }
  return
}
