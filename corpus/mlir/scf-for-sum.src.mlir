// expect: verified
// A sum by an scf.for loop with an iter arg against the same sum written out: the loop (static
// bounds) is unrolled.
func.func @f(%t: tensor<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i32) {
    %x = tensor.extract %t[%i] : tensor<4xi32>
    %y = arith.addi %acc, %x : i32
    scf.yield %y : i32
  }
  return %s : i32
}
