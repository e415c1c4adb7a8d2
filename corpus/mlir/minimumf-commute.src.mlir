// expect: verified
// arith.minimumf is commutative (NaN payloads aside) and minimumf(x, +inf) = x: the proof
// uses trichotomy of the abstract comparisons (olt(a, b) excludes olt(b, a); neither and no
// NaN means equal or zeros of both signs), canonical NaNs and the order against +inf.
func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %inf = arith.constant 0x7F800000 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%inf : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %0 = arith.minimumf %a, %b : tensor<3xf32>
  %1 = arith.minimumf %0, %f : tensor<3xf32>
  return %1 : tensor<3xf32>
}
