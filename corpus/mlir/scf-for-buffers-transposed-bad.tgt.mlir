func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %x = memref.load %a[%j, %i] : memref<4x4xf32>
      %z = arith.mulf %x, %x : f32
      memref.store %z, %b[%i, %j] : memref<4x4xf32>
    }
  }
  return
}
