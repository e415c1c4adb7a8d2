func.func @f(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %unused = memref.load %m[%c1] : memref<4xf32>
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}
