// expect: verified
// Removing a dead load is correct under both readings of an uninitialized load (UB: the source
// may be undefined, poison: the value is unused); the store stays.
func.func @f(%m: memref<4xf32>, %v: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %dead = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%c0] : memref<4xf32>
  %x = memref.load %m[%c0] : memref<4xf32>
  return %x : f32
}
