// expect: refuted
// The target returns the other argument: the caller gets a view of another block (arguments
// are distinct blocks), though both hold the same values.
func.func @f(%a: memref<2xf32>, %b: memref<2xf32>) -> memref<2xf32> {
  memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  return %a : memref<2xf32>
}
