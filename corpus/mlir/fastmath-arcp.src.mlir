// expect: unknown
// reason: fast-math flag arcp (it allows other values: not modelled) (arith.addf at 2:8)
// `fastmath<arcp>` lets a compiler change values in ways the model does not describe:
// unknown, naming the flag and the op's location (even on both sides).
func.func @f(%a: f32, %b: f32) -> f32 {
  %r = arith.addf %a, %b : f32
  return %r : f32
}
