// expect: verified
// tosa.matmul on i8 into i32 (zero points 0) and on i16 into i48, through mlir-opt-19
// --tosa-to-linalg-named: a linalg.batch_matmul (operands sign-extended) into a zero fill.
// (On floats the spec's `acc = 0` and free summation order make a lowering's replayed
// difference unknown, as for the other tosa accumulations: docs/mlir.md.)
func.func @f(%a: tensor<2x3x4xi8>, %b: tensor<2x4x5xi8>, %x: tensor<1x3x6xi16>, %y: tensor<1x6x2xi16>) -> (tensor<2x3x5xi32>, tensor<1x3x2xi48>) {
  %0 = tosa.matmul %a, %b {a_zp = 0 : i32, b_zp = 0 : i32} : (tensor<2x3x4xi8>, tensor<2x4x5xi8>) -> tensor<2x3x5xi32>
  %1 = tosa.matmul %x, %y {a_zp = 0 : i32, b_zp = 0 : i32} : (tensor<1x3x6xi16>, tensor<1x6x2xi16>) -> tensor<1x3x2xi48>
  return %0, %1 : tensor<2x3x5xi32>, tensor<1x3x2xi48>
}
