// expect: refuted
// Dropping a memref.copy into an argument buffer changes the memory the caller sees.
func.func @f(%a: memref<2x3xi32>, %b: memref<2x3xi32>) {
  memref.copy %a, %b : memref<2x3xi32> to memref<2x3xi32>
  return
}
