func.func @f(%m: memref<4xi32>, %c: i1, %v: i32, %w: i32, %i: index) {
  %x = arith.select %c, %w, %v : i32
  memref.store %x, %m[%i] : memref<4xi32>
  return
}
