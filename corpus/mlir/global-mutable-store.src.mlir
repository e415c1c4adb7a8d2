// expect: unknown
// A store into a mutable global: its contents (shared with the caller and with earlier calls)
// are not modelled, so the tool says unknown rather than guess.
memref.global @state : memref<4xi32> = dense<0>

func.func @f(%v: i32) {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @state : memref<4xi32>
  memref.store %v, %g[%c0] : memref<4xi32>
  return
}
