// expect: verified
// A load through collapse_shape reads the row-major cell of the original buffer.
func.func @f(%m: memref<2x3xi32>, %v: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  memref.store %v, %m[%c1, %c2] : memref<2x3xi32>
  %f = memref.collapse_shape %m [[0, 1]] : memref<2x3xi32> into memref<6xi32>
  %c5 = arith.constant 5 : index
  %x = memref.load %f[%c5] : memref<6xi32>
  return %x : i32
}
