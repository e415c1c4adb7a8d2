// expect: verified
// tosa.reduce_min on i32 over each axis of a 2-D tensor, kept with size 1, through
// mlir-opt-19 --tosa-to-linalg: a linalg.reduce of `arith.minsi` from the greatest i32 and a
// tensor.expand_shape.
func.func @f(%a: tensor<6x5xi32>) -> (tensor<1x5xi32>, tensor<6x1xi32>) {
  %0 = tosa.reduce_min %a {axis = 0 : i32} : (tensor<6x5xi32>) -> tensor<1x5xi32>
  %1 = tosa.reduce_min %a {axis = 1 : i32} : (tensor<6x5xi32>) -> tensor<6x1xi32>
  return %0, %1 : tensor<1x5xi32>, tensor<6x1xi32>
}
