// expect: verified
// A function may return a memref: here a reshape back to the argument's own shape, the same
// view of the same block as the argument itself (mlir-tv: `expand-collapse-shape`).
func.func @f(%m: memref<6xf32>) -> memref<6xf32> {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  return %1 : memref<6xf32>
}
