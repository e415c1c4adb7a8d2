// expect: refuted
// The target selects the branches the wrong way round.
func.func @f(%c: i1, %a: f32, %b: tensor<3xi32>, %e: tensor<3xi32>) -> (f32, tensor<3xi32>) {
  %z = arith.constant 0.0 : f32
  %r, %t = scf.if %c -> (f32, tensor<3xi32>) {
    scf.yield %a, %b : f32, tensor<3xi32>
  } else {
    scf.yield %z, %e : f32, tensor<3xi32>
  }
  return %r, %t : f32, tensor<3xi32>
}
