// expect: refuted
// The bufferized target selects the buffers the other way round.
func.func @f(%c: i1, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = arith.select %c, %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
