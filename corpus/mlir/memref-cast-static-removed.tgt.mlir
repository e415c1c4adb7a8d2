func.func @f(%a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<?xf32>
  return %x : f32
}
