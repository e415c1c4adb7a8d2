func.func @f(%m: memref<4xi32>, %c: i1, %v: i32, %i: index) {
  memref.store %v, %m[%i] : memref<4xi32>
  return
}
