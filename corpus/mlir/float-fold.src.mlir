// expect: verified
// Folds that hold exactly in IEEE 754: literals, x + -0.0, x * 1.0, x - y = x + (-y), NaN
// operands, comparisons of literals and of widened values.
func.func @f(%x: f32, %y: f32) -> (f32, f32, i1, i1, f32) {
  %mz = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = arith.addf %x, %mz : f32
  %b = arith.mulf %one, %a : f32
  %c = arith.subf %b, %y : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %lt = arith.cmpf olt, %two, %three : f32
  %xe = arith.extf %x : f32 to f64
  %ye = arith.extf %y : f32 to f64
  %ge = arith.cmpf oge, %xe, %ye : f64
  %nan = arith.constant 0x7FC00000 : f32
  %n = arith.addf %nan, %x : f32
  return %c, %b, %lt, %ge, %n : f32, f32, i1, i1, f32
}
