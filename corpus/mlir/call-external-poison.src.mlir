// expect: unknown
// What an external function does with a poison argument (here an element of tensor.empty) is
// outside the model: it may return anything, or have undefined behaviour.
func.func private @g(tensor<2xi32>) -> i32
func.func @f() -> i32 {
  %e = tensor.empty() : tensor<2xi32>
  %r = func.call @g(%e) : (tensor<2xi32>) -> i32
  return %r : i32
}
