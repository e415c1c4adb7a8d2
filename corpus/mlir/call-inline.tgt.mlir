func.func @pick(%t: tensor<3xi32>, %i: index) -> i32 {
  %v = tensor.extract %t[%i] : tensor<3xi32>
  return %v : i32
}
func.func @f(%a: i32, %b: i32, %i: index) -> i32 {
  %t = tensor.from_elements %a, %b, %a : tensor<3xi32>
  %v = tensor.extract %t[%i] : tensor<3xi32>
  return %v : i32
}
