// expect: verified
// A tosa.gather index outside the values is UB (the TOSA spec REQUIREs 0 <= k < K): where
// the source is defined, its first index is below 3.
func.func @f(%v: tensor<1x3x2xf32>, %i: tensor<1x2xi32>) -> i1 {
  %0 = "tosa.gather"(%v, %i) : (tensor<1x3x2xf32>, tensor<1x2xi32>) -> tensor<1x2x2xf32>
  %c0 = arith.constant 0 : index
  %k = tensor.extract %i[%c0, %c0] : tensor<1x2xi32>
  %c3 = arith.constant 3 : i32
  %ok = arith.cmpi ult, %k, %c3 : i32
  return %ok : i1
}
