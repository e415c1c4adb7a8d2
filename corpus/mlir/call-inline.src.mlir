// expect: verified
// A call of a function of the same module is inlined, with its UB: the target's direct
// extract is out of bounds exactly where the callee's is.
func.func @pick(%t: tensor<3xi32>, %i: index) -> i32 {
  %v = tensor.extract %t[%i] : tensor<3xi32>
  return %v : i32
}
func.func @f(%a: i32, %b: i32, %i: index) -> i32 {
  %t = tensor.from_elements %a, %b, %a : tensor<3xi32>
  %v = func.call @pick(%t, %i) : (tensor<3xi32>, index) -> i32
  return %v : i32
}
