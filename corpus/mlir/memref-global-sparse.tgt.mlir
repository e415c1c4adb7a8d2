memref.global "private" constant @cst : memref<3x4xi32> = sparse<[[0, 1], [2, 3]], [7, -2]>
func.func @f() -> tensor<3x4xi32> {
  %0 = memref.get_global @cst : memref<3x4xi32>
  %1 = bufferization.to_tensor %0 : memref<3x4xi32>
  return %1 : tensor<3x4xi32>
}
