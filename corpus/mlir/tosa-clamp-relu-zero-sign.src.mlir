// expect: refuted
// tosa.clamp as ReLU (`min_fp = 0.0`) on f32: the TOSA spec (0.80) computes
// `apply_max_s(x, 0.0)` as `x >= 0.0 ? x : 0.0`, which keeps `-0.0`; MLIR 19's tosa-to-linalg
// uses `arith.maximumf`, which orders `-0.0 < +0.0` and gives `+0.0`. Refuted at `x = -0.0`,
// the same reading difference as `tosa.max_pool2d`'s (docs/mlir.md, reading disputes).
func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tosa.clamp %a {min_fp = 0.0 : f32, max_fp = 3.4028235e38 : f32, min_int = 0 : i64, max_int = 0 : i64} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
