func.func @f(%m: memref<2x3xi32>, %v: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  memref.store %v, %m[%c1, %c2] : memref<2x3xi32>
  return %v : i32
}
