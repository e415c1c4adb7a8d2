// expect: verified
// Folding a subview into the load's indices. With offsets outside the 4x4 source, the
// subview's flat cell can still land inside the block (a large row offset and a negative
// column offset cancel) while the folded load is out of bounds. An access through a subview
// is UB when its index, mapped into a view the subview was cut from, leaves that view
// (mlir-tv's reading; MLIR's current docs make the out-of-bounds subview itself UB), so the
// source is UB wherever the folded load is.
#map = affine_map<(d0, d1)[s0] -> (d0 * 4 + s0 + d1)>
func.func @f(%t: tensor<4x4xf32>, %oy: index, %ox: index, %iy: index, %ix: index) -> f32 {
  %m = bufferization.to_memref %t : memref<4x4xf32>
  %v = memref.subview %m[%oy, %ox][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32, #map>
  %x = memref.load %v[%iy, %ix] : memref<2x2xf32, #map>
  return %x : f32
}
