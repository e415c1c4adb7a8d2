// expect: vacuous
// The source reads index 4 of a 4-element tensor: undefined on every input, so any target
// refines it. The verdict says so instead of a plain `verified`.
func.func @f(%t: tensor<4xf32>) -> f32 {
  %c4 = arith.constant 4 : index
  %x = tensor.extract %t[%c4] : tensor<4xf32>
  return %x : f32
}
