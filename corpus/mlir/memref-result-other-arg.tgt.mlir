func.func @f(%a: memref<2xf32>, %b: memref<2xf32>) -> memref<2xf32> {
  memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  return %b : memref<2xf32>
}
