func.func @f(%x: memref<4x2000xf32, strided<[?, ?], offset: ?>>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c2000 = arith.constant 2000 : index
  %zero = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %zero, %alloc[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c2000 step %c1 {
      %p = memref.load %x[%i, %k] : memref<4x2000xf32, strided<[?, ?], offset: ?>>
      %acc = memref.load %alloc[%i] : memref<4xf32>
      %s = arith.addf %acc, %p : f32
      memref.store %s, %alloc[%i] : memref<4xf32>
    }
  }
  return %alloc : memref<4xf32>
}
