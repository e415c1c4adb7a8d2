func.func @f(%m: memref<2x3xf32>, %i: index, %j: index) -> f32 {
  %x = memref.load %m[%i, %j] : memref<2x3xf32>
  return %x : f32
}
