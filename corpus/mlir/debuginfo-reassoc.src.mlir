// expect: refuted
// float-reassoc in mlir-opt-19 --mlir-print-debuginfo form (loc aliases at the top and bottom, loc(#locN) after ops); the target also --mlir-print-op-generic.
#loc2 = loc("float-reassoc.src.mlir":3:14)
#loc3 = loc("float-reassoc.src.mlir":3:23)
#loc4 = loc("float-reassoc.src.mlir":3:32)
module {
  func.func @f(%arg0: f32 loc("float-reassoc.src.mlir":3:14), %arg1: f32 loc("float-reassoc.src.mlir":3:23), %arg2: f32 loc("float-reassoc.src.mlir":3:32)) -> f32 {
    %0 = arith.addf %arg0, %arg1 : f32 loc(#loc5)
    %1 = arith.addf %0, %arg2 : f32 loc(#loc6)
    return %1 : f32 loc(#loc7)
  } loc(#loc1)
} loc(#loc)
#loc = loc("float-reassoc.src.mlir":0:0)
#loc1 = loc("float-reassoc.src.mlir":3:1)
#loc5 = loc("float-reassoc.src.mlir":4:8)
#loc6 = loc("float-reassoc.src.mlir":5:8)
#loc7 = loc("float-reassoc.src.mlir":6:3)

