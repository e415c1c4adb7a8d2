// expect: refuted
// The source reads %t only when the index is in bounds; the target reads it always, which is
// UB for an index of 4 or more.
func.func @f(%t: tensor<4xf32>, %i: index) -> f32 {
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %in = arith.cmpi ult, %i, %c4 : index
  %r = scf.if %in -> (f32) {
    %x = tensor.extract %t[%i] : tensor<4xf32>
    scf.yield %x : f32
  } else {
    scf.yield %z : f32
  }
  return %r : f32
}
