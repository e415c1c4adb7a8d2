func.func @f(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}
