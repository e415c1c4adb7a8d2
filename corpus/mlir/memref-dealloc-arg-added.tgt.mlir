func.func @f(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
