// expect: verified
// `alignment` on alloc and `nontemporal` on load/store are declared meaning-free (no value, UB
// or result depends on them).
func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<4xf32>
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%i] : memref<4xf32>
  %w = memref.load %a[%i] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %w : f32
}
