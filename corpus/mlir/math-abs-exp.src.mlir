// expect: verified
// |x| * |y| = |x * y| and |-x / y| = |x| / |y| exactly in IEEE (the sign is set apart from the
// magnitude); exp at -0.0 is exactly 1.0; tosa.exp is math.exp elementwise.
func.func @f(%x: f32, %y: f32, %t: tensor<4xf32>) -> (f32, f32, f32, tensor<4xf32>) {
  %ax = math.absf %x : f32
  %ay = math.absf %y : f32
  %0 = arith.mulf %ax, %ay : f32
  %n = arith.negf %x : f32
  %q = arith.divf %n, %y : f32
  %1 = math.absf %q : f32
  %mz = arith.constant -0.0 : f32
  %2 = math.exp %mz : f32
  %3 = "tosa.exp"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : f32, f32, f32, tensor<4xf32>
}
