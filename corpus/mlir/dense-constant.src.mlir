// expect: verified
// Extracting from a dense constant folds to the element; index_cast round trip.
func.func @f(%i: i32) -> (i32, index) {
  %c = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %v = tensor.extract %c[%c1, %c0] : tensor<2x2xi32>
  %j = arith.index_cast %i : i32 to index
  return %v, %j : i32, index
}
