#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @f(%t: tensor<4x4xf32>, %oy: index, %ox: index, %iy: index, %ix: index) -> f32 {
  %m = bufferization.to_memref %t : memref<4x4xf32>
  %y = affine.apply #map(%iy)[%oy]
  %z = affine.apply #map(%ix)[%ox]
  %x = memref.load %m[%y, %z] : memref<4x4xf32>
  return %x : f32
}
