memref.global @state : memref<4xi32> = dense<0>

func.func @f(%v: i32) {
  return
}
