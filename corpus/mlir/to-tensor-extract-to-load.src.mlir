// expect: verified
// Folding tensor.extract of bufferization.to_tensor into a memref.load. A to_tensor of a view
// with an uninitialized cell is UB (mlir-tv's reading), so the source is undefined wherever the
// target's load reads an uninitialized cell.
func.func @f(%m: memref<2x3xf32>, %i: index, %j: index) -> f32 {
  %t = bufferization.to_tensor %m : memref<2x3xf32>
  %x = tensor.extract %t[%i, %j] : tensor<2x3xf32>
  return %x : f32
}
