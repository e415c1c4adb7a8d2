// expect: refuted
// `fastmath<ninf>` makes a float op poison on an infinite operand or result.
func.func @addf(%a: f32, %b: f32) -> f32 {
  %r = arith.addf %a, %b : f32
  return %r : f32
}
func.func @subf(%a: f32, %b: f32) -> f32 {
  %r = arith.subf %a, %b : f32
  return %r : f32
}
func.func @mulf(%a: f32, %b: f32) -> f32 {
  %r = arith.mulf %a, %b : f32
  return %r : f32
}
func.func @divf(%a: f32, %b: f32) -> f32 {
  %r = arith.divf %a, %b : f32
  return %r : f32
}
func.func @negf(%a: f32, %b: f32) -> f32 {
  %r = arith.negf %a : f32
  return %r : f32
}
func.func @maximumf(%a: f32, %b: f32) -> f32 {
  %r = arith.maximumf %a, %b : f32
  return %r : f32
}
func.func @minimumf(%a: f32, %b: f32) -> f32 {
  %r = arith.minimumf %a, %b : f32
  return %r : f32
}
func.func @absf(%a: f32) -> f32 {
  %r = math.absf %a : f32
  return %r : f32
}
func.func @exp(%a: f32) -> f32 {
  %r = math.exp %a : f32
  return %r : f32
}
func.func @cmpf(%a: f32, %b: f32) -> i1 {
  %r = arith.cmpf olt, %a, %b : f32
  return %r : i1
}
func.func @extf(%a: f32) -> f64 {
  %r = arith.extf %a : f32 to f64
  return %r : f64
}
func.func @truncf(%a: f64) -> f32 {
  %r = arith.truncf %a : f64 to f32
  return %r : f32
}
