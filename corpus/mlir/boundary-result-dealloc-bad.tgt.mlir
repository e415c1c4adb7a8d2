func.func @f(%a: memref<2x3xf32, strided<[?, ?], offset: ?>>, %b: memref<2x3xf32, strided<[?, ?], offset: ?>>) -> memref<2x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %x = memref.load %a[%i, %j] : memref<2x3xf32, strided<[?, ?], offset: ?>>
      %y = memref.load %b[%i, %j] : memref<2x3xf32, strided<[?, ?], offset: ?>>
      %s = arith.addf %x, %y : f32
      memref.store %s, %alloc[%i, %j] : memref<2x3xf32>
    }
  }
  memref.dealloc %alloc : memref<2x3xf32>
  return %alloc : memref<2x3xf32>
}
