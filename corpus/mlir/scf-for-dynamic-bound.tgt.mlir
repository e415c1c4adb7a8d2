func.func @f(%t: tensor<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %x = tensor.extract %t[%i] : tensor<?xi32>
    %y = arith.addi %acc, %x : i32
    scf.yield %y : i32
  }
  return %s : i32
}
