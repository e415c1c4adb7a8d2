func.func @f(%t: tensor<4x4xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %m = bufferization.to_memref %t : memref<4x4xf32>
  %v = memref.subview %m[0, 3] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 3>>
  %x = memref.load %v[%c1, %c1] : memref<2x2xf32, strided<[4, 1], offset: 3>>
  return %x : f32
}
