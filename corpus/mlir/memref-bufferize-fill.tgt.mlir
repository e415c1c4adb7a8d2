func.func @f(%v: i32, %n: index) -> tensor<2x3xi32> {
  %m = memref.alloc() : memref<2x3xi32>
  linalg.fill ins(%v : i32) outs(%m : memref<2x3xi32>)
  %r = bufferization.to_tensor %m : memref<2x3xi32>
  return %r : tensor<2x3xi32>
}
