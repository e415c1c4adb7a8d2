func.func @f(%a: memref<4xf32>, %i: index) -> f32 {
  %x = memref.load %a[%i] : memref<4xf32>
  return %x : f32
}
