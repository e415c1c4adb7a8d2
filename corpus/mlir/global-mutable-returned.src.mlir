// expect: verified
// Returning a mutable global: both sides return a view of the same global block. Its contents
// are not modelled, only its identity.
memref.global @state : memref<4xi32>

func.func @f(%a: memref<4xi32>) -> memref<4xi32> {
  %g = memref.get_global @state : memref<4xi32>
  return %g : memref<4xi32>
}
