#id = affine_map<(i, j) -> (i, j)>
func.func @f(%a: memref<2x3xf32>, %b: memref<2x3xf32>) -> tensor<2x3xf32> {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<2x3xf32>) outs(%b : memref<2x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  }
  %r = bufferization.to_tensor %b : memref<2x3xf32>
  return %r : tensor<2x3xf32>
}
