func.func @f(%x: i16, %y: i16) -> (i16, i1) {
  %c = arith.cmpi sgt, %y, %x : i16
  %m = arith.select %c, %y, %x : i16
  %a = arith.extui %x : i16 to i32
  %b = arith.extui %y : i16 to i32
  %u = arith.cmpi slt, %a, %b : i32
  return %m, %u : i16, i1
}
