func.func @f(%table: tensor<6x4xf32>, %ids: tensor<3xindex>) -> tensor<3x4xf32> {
  %t = memref.alloc() : memref<6x4xf32>
  %m = bufferization.to_memref %ids : memref<3xindex>
  %o = memref.alloc() : memref<3x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m : memref<3xindex>) outs(%o : memref<3x4xf32>) {
  ^bb0(%i: index, %x: f32):
    %j = linalg.index 1 : index
    %v = memref.load %t[%i, %j] : memref<6x4xf32>
    linalg.yield %v : f32
  }
  %r = bufferization.to_tensor %o : memref<3x4xf32>
  return %r : tensor<3x4xf32>
}
