func.func @f(%m: memref<4x4xf32>, %v: f32) {
  %s = memref.subview %m[0, 3] [1, 2] [1, 1] : memref<4x4xf32> to memref<1x2xf32, strided<[4, 1], offset: 3>>
  linalg.fill ins(%v : f32) outs(%s : memref<1x2xf32, strided<[4, 1], offset: 3>>)
  return
}
