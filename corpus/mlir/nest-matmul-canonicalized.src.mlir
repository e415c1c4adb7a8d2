// expect: verified
// The loops of nest-matmul-large after `--canonicalize`, which folds each `to_memref` +
// `memref.load` into a `tensor.extract` of the argument: the nest reads tensors from outside
// it as it reads buffers (UB: an index outside the tensor at some point), and is summarized
// the same way.
#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @f(%x: tensor<32x64xf32>, %y: tensor<64x48xf32>) -> tensor<32x48xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<32x48xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %y : tensor<32x64xf32>, tensor<64x48xf32>) outs(%init : tensor<32x48xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<32x48xf32>
  return %r : tensor<32x48xf32>
}
