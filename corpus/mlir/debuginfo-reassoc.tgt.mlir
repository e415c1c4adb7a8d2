// float-reassoc.tgt in mlir-opt-19 --mlir-print-debuginfo --mlir-print-op-generic form.
#loc2 = loc("float-reassoc.tgt.mlir":1:14)
#loc3 = loc("float-reassoc.tgt.mlir":1:23)
#loc4 = loc("float-reassoc.tgt.mlir":1:32)
"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32, f32) -> f32, sym_name = "f"}> ({
  ^bb0(%arg0: f32 loc("float-reassoc.tgt.mlir":1:14), %arg1: f32 loc("float-reassoc.tgt.mlir":1:23), %arg2: f32 loc("float-reassoc.tgt.mlir":1:32)):
    %0 = "arith.addf"(%arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32 loc(#loc5)
    %1 = "arith.addf"(%arg0, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32 loc(#loc6)
    "func.return"(%1) : (f32) -> () loc(#loc7)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("float-reassoc.tgt.mlir":0:0)
#loc1 = loc("float-reassoc.tgt.mlir":1:1)
#loc5 = loc("float-reassoc.tgt.mlir":2:8)
#loc6 = loc("float-reassoc.tgt.mlir":3:8)
#loc7 = loc("float-reassoc.tgt.mlir":4:3)

