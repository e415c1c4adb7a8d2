// expect: refuted
// The target adds an insert_slice of sizes [4] of a source of any size: UB unless it has 4.
func.func @f(%s: tensor<?xf32>, %t: tensor<8xf32>) -> tensor<8xf32> {
  return %t : tensor<8xf32>
}
