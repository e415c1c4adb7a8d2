func.func @f(%m: memref<3x4xf32>, %v: f32) {
  %s = memref.subview %m[1, 0][2, 2][1, 1] : memref<3x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 4>>
  linalg.fill ins(%v : f32) outs(%s : memref<2x2xf32, strided<[4, 1], offset: 4>>)
  return
}
