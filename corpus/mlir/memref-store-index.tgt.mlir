func.func @f(%m: memref<4xf32>, %v: f32) {
  %c2 = arith.constant 2 : index
  memref.store %v, %m[%c2] : memref<4xf32>
  return
}
