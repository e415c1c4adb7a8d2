// expect: refuted
// The loop steps by 2 from 0 to 5 (0, 2, 4); the target steps by 1 and also adds 1 and 3.
func.func @f(%t: tensor<6xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %c5 step %c2 iter_args(%acc = %z) -> (i32) {
    %x = tensor.extract %t[%i] : tensor<6xi32>
    %y = arith.addi %acc, %x : i32
    scf.yield %y : i32
  }
  return %s : i32
}
