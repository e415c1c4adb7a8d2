// ... emulated in f32 with one truncation at the end: the intermediate sum keeps bits that
// f16 rounds away (2048 + 1 + 1 is 2048 in f16, 2050 through f32), so the target is wrong.
// Refuted only because f16 arithmetic replays (issue 21 part 4: mlirsem on `ieee754`).
func.func @f(%a: f16, %b: f16, %c: f16) -> f16 {
  %x = arith.extf %a : f16 to f32
  %y = arith.extf %b : f16 to f32
  %z = arith.extf %c : f16 to f32
  %s = arith.addf %x, %y : f32
  %t = arith.addf %s, %z : f32
  %r = arith.truncf %t : f32 to f16
  return %r : f16
}
