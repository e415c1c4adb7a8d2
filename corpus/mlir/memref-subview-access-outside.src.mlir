// expect: refuted
// The target reads cell 8 of the block through a subview whose columns reach past the 4x4
// source: index (1, 1) of the subview is (1, 4) of the source, outside it, so the access is UB
// although the flat cell (the source's element (2, 0)) is inside the block.
func.func @f(%t: tensor<4x4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %m = bufferization.to_memref %t : memref<4x4xf32>
  %x = memref.load %m[%c2, %c0] : memref<4x4xf32>
  return %x : f32
}
