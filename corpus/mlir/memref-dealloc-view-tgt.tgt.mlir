func.func @f() {
  %p = memref.alloc() : memref<8xf32>
  %v = memref.subview %p[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  memref.dealloc %v : memref<4xf32, strided<[1]>>
  return
}
