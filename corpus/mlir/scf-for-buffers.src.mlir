// expect: verified
// A linalg.generic on buffers against its lowering to loops (`--convert-linalg-to-loops`): the
// loops load every input cell (UB if uninitialized, as the generic's payload reading it is) and
// store every output cell.
func.func @f(%a: memref<4x5xf32>, %b: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<4x5xf32>) outs(%b : memref<4x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.mulf %x, %x : f32
    linalg.yield %z : f32
  }
  return
}
