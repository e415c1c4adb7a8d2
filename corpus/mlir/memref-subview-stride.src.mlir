// expect: refuted
// The subview's stride was dropped: the fill writes columns 0 and 1 instead of 0 and 2.
func.func @f(%m: memref<3x4xf32>, %v: f32) {
  %s = memref.subview %m[1, 0][2, 2][1, 2] : memref<3x4xf32> to memref<2x2xf32, strided<[4, 2], offset: 4>>
  linalg.fill ins(%v : f32) outs(%s : memref<2x2xf32, strided<[4, 2], offset: 4>>)
  return
}
