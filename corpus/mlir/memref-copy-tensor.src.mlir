// expect: verified
// Copying an argument buffer into a fresh one and reading the copy as a tensor reads the
// argument (the copy's source must be live and initialized for the source to be defined).
func.func @f(%a: memref<2x2xf32>) -> tensor<2x2xf32> {
  %m = memref.alloc() : memref<2x2xf32>
  memref.copy %a, %m : memref<2x2xf32> to memref<2x2xf32>
  %t = bufferization.to_tensor %m : memref<2x2xf32>
  return %t : tensor<2x2xf32>
}
