func.func @f(%m: memref<6xf32>) -> memref<6xf32> {
  return %m : memref<6xf32>
}
