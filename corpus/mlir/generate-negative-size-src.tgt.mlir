func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %m = arith.maxsi %n, %c0 : index
  return %m : index
}
