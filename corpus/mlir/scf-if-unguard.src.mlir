// expect: verified
// The source reads %t always (UB for an index of 4 or more); the target guards the read,
// which only makes it more defined.
func.func @f(%t: tensor<4xf32>, %i: index) -> f32 {
  %x = tensor.extract %t[%i] : tensor<4xf32>
  return %x : f32
}
