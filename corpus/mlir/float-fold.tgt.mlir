func.func @f(%x: f32, %y: f32) -> (f32, f32, i1, i1, f32) {
  %ny = arith.negf %y : f32
  %c = arith.addf %ny, %x : f32
  %t = arith.constant true
  %ge = arith.cmpf ole, %y, %x : f32
  %n = arith.constant 0x7FC00001 : f32
  return %c, %x, %t, %ge, %n : f32, f32, i1, i1, f32
}
