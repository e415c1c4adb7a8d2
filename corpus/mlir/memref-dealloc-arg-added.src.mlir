// expect: refuted
// The target frees an argument the source leaves live: the caller's block dies.
func.func @f(%m: memref<4xf32>) {
  return
}
