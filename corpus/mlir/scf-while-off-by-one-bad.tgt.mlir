module {
  func.func @f(%arg0: f32, %arg1: i32) -> (f32, i32) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %c1 = arith.constant 1 : index
    %0:3 = scf.while (%arg2 = %c0, %arg3 = %arg0, %arg4 = %arg1) : (index, f32, i32) -> (index, f32, i32) {
      %1 = arith.cmpi sle, %arg2, %c5 : index
      scf.condition(%1) %arg2, %arg3, %arg4 : index, f32, i32
    } do {
    ^bb0(%arg2: index, %arg3: f32, %arg4: i32):
      %1 = arith.addi %arg2, %c1 : index
      %2 = arith.mulf %arg3, %arg3 : f32
      %3 = arith.index_cast %arg2 : index to i32
      %4 = arith.addi %arg4, %3 : i32
      scf.yield %1, %2, %4 : index, f32, i32
    }
    return %0#1, %0#2 : f32, i32
  }
}

