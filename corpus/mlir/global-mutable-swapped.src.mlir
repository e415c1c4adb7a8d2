// expect: refuted
// Two mutable globals are two blocks: returning the other one is wrong.
memref.global @a : memref<4xi32>
memref.global @b : memref<4xi32>

func.func @f() -> memref<4xi32> {
  %g = memref.get_global @a : memref<4xi32>
  return %g : memref<4xi32>
}
