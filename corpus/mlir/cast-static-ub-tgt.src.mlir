// expect: refuted
// The target adds a cast of %x to the static size 4, UB when the size is not 4.
func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
