// expect: refuted
// A store moved to the wrong index: the argument's memory differs on return.
func.func @f(%m: memref<4xf32>, %v: f32) {
  %c1 = arith.constant 1 : index
  memref.store %v, %m[%c1] : memref<4xf32>
  return
}
