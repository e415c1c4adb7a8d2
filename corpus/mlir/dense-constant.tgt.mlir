func.func @f(%i: i32) -> (i32, index) {
  %v = arith.constant 3 : i32
  %j = arith.index_cast %i : i32 to index
  return %v, %j : i32, index
}
