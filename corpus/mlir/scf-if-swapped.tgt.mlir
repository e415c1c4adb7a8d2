func.func @f(%c: i1, %a: f32, %b: tensor<3xi32>, %e: tensor<3xi32>) -> (f32, tensor<3xi32>) {
  %z = arith.constant 0.0 : f32
  %r = arith.select %c, %z, %a : f32
  %t = arith.select %c, %b, %e : tensor<3xi32>
  return %r, %t : f32, tensor<3xi32>
}
