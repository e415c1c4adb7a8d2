// expect: verified
// tosa.clamp on f32 (ReLU6: bounds -1.0 and 6.0, the f32 attributes) and on i8 (`min_int` and
// `max_int` saturated to i8: -300 is -128), through mlir-opt-19 --tosa-to-linalg: a generic
// of `arith.minimumf` then `arith.maximumf` (`arith.maxsi` then `arith.minsi`). A NaN stays
// NaN in both; with bounds that are not zeros the signs of zeros agree.
func.func @f(%a: tensor<4x8xf32>, %b: tensor<16xi8>) -> (tensor<4x8xf32>, tensor<16xi8>) {
  %0 = tosa.clamp %a {min_fp = -1.0 : f32, max_fp = 6.0 : f32, min_int = 0 : i64, max_int = 0 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = tosa.clamp %b {min_fp = 0.0 : f32, max_fp = 0.0 : f32, min_int = -300 : i64, max_int = 100 : i64} : (tensor<16xi8>) -> tensor<16xi8>
  return %0, %1 : tensor<4x8xf32>, tensor<16xi8>
}
