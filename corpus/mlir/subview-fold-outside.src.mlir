// expect: unknown
// Folding a subview into the load's indices: equal wherever the subview lies inside its
// source. With offsets outside the 4x4 source, the subview's flat cell can still land inside
// the block (a large row offset and a negative column offset cancel) while the folded load is
// out of bounds; MLIR does not say what such a view means, so the pair is unsure, not refuted.
#map = affine_map<(d0, d1)[s0] -> (d0 * 4 + s0 + d1)>
func.func @f(%t: tensor<4x4xf32>, %oy: index, %ox: index, %iy: index, %ix: index) -> f32 {
  %m = bufferization.to_memref %t : memref<4x4xf32>
  %v = memref.subview %m[%oy, %ox][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32, #map>
  %x = memref.load %v[%iy, %ix] : memref<2x2xf32, #map>
  return %x : f32
}
