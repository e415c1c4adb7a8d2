// expect: verified
// A sum over one element that starts from -0.0 is that element, -0.0 included (-0.0 + -0.0 is
// -0.0 in IEEE). On this function the differential test (crates/mlirsem/tests/cpu_runner)
// found MLIR 19 turning the constant input dense<-0.0> into +0.0 (result +0.0; IEEE and the
// interpreter: -0.0).
func.func @sum(%x: tensor<1xf32>) -> f32 {
  %zero = arith.constant -0.0 : f32
  %i = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%zero : f32) outs(%i : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%x : tensor<1xf32>) outs(%init : tensor<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %sum = tensor.extract %r[] : tensor<f32>
  return %sum : f32
}
