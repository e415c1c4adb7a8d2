func.func @f(%a: memref<2x3xi32>, %b: memref<2x3xi32>) {
  return
}
