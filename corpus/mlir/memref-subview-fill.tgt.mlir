func.func @f(%m: memref<3x4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  memref.store %v, %m[%c1, %c0] : memref<3x4xf32>
  memref.store %v, %m[%c1, %c2] : memref<3x4xf32>
  memref.store %v, %m[%c2, %c0] : memref<3x4xf32>
  memref.store %v, %m[%c2, %c2] : memref<3x4xf32>
  return
}
