func.func @f(%a: tensor<4x2xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %e = tensor.empty() : tensor<4x2xf32>
  %r = linalg.map ins(%a, %b : tensor<4x2xf32>, tensor<4x2xf32>) outs(%e : tensor<4x2xf32>)
    (%x: f32, %y: f32) {
      %s = arith.subf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4x2xf32>
}
