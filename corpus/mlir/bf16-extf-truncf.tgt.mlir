func.func @f(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xbf16> {
  %e = tensor.empty() : tensor<4xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xbf16>, tensor<4xbf16>) outs(%e : tensor<4xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %wx = arith.extf %x : bf16 to f32
    %tx = arith.truncf %wx : f32 to bf16
    %m = arith.mulf %y, %tx : bf16
    linalg.yield %m : bf16
  } -> tensor<4xbf16>
  return %r : tensor<4xbf16>
}
