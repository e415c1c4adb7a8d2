// expect: verified
// A linalg.generic on buffers (destination-passing style) means its tensor form: inputs read
// from the buffers, the result written over the output buffer.
#id = affine_map<(i, j) -> (i, j)>
func.func @f(%a: memref<2x3xf32>, %b: memref<2x3xf32>) -> tensor<2x3xf32> {
  %ta = bufferization.to_tensor %a : memref<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ta : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<2x3xf32>
  %mr = bufferization.to_memref %r : memref<2x3xf32>
  memref.copy %mr, %b : memref<2x3xf32> to memref<2x3xf32>
  return %r : tensor<2x3xf32>
}
