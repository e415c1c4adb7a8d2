// expect: verified
// linalg.map is the all-parallel linalg.generic with identity maps (what
// --linalg-generalize-named-ops does not touch, so written here by hand).
#id = affine_map<(i, j) -> (i, j)>
func.func @f(%a: tensor<4x2xi32>, %b: tensor<4x2xi32>) -> tensor<4x2xi32> {
  %e = tensor.empty() : tensor<4x2xi32>
  %r = linalg.map ins(%a, %b : tensor<4x2xi32>, tensor<4x2xi32>) outs(%e : tensor<4x2xi32>)
    (%x: i32, %y: i32) {
      %p = arith.muli %x, %y : i32
      %s = arith.addi %p, %x : i32
      linalg.yield %s : i32
    }
  return %r : tensor<4x2xi32>
}
