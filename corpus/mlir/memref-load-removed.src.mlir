// expect: verified
// Removing a dead load is correct: a load of an uninitialized cell is UB (the source may be
// undefined), and it would also be under LLVM's reading (the value is unused); the store stays.
func.func @f(%m: memref<4xf32>, %v: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %dead = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%c0] : memref<4xf32>
  %x = memref.load %m[%c0] : memref<4xf32>
  return %x : f32
}
