func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] {nontemporal = true} : memref<4xf32>
  %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  memref.store %v, %a[%i] {nontemporal = true} : memref<4xf32>
  %w = memref.load %a[%i] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return %w : f32
}
