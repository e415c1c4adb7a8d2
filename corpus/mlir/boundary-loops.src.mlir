// expect: verified
// A bufferized function boundary (`one-shot-bufferize{bufferize-function-boundaries}` then
// `convert-linalg-to-loops`): the target takes the tensor arguments as memrefs in a layout of
// the caller's choosing and returns a buffer it allocated; each argument buffer holds the
// source's tensor, the returned buffer's contents are compared with the tensor result.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
