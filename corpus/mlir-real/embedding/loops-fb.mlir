// tools/mlir_real.py: embedding, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_embedding {
  func.func public @main(%arg0: memref<16x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<4xi32, strided<[?], offset: ?>>) -> memref<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0x7FC00000 : f32
    %true = arith.constant true
    %c15_i32 = arith.constant 15 : i32
    %c16_i32 = arith.constant 16 : i32
    %c0_i32 = arith.constant 0 : i32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      %0 = memref.load %arg1[%arg2] : memref<4xi32, strided<[?], offset: ?>>
      %1 = arith.cmpi slt, %0, %c0_i32 : i32
      memref.store %1, %alloc[%arg2] : memref<4xi1>
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      %0 = memref.load %arg1[%arg2] : memref<4xi32, strided<[?], offset: ?>>
      %1 = arith.addi %0, %c16_i32 : i32
      memref.store %1, %alloc_0[%arg2] : memref<4xi32>
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      %0 = memref.load %alloc[%arg2] : memref<4xi1>
      %1 = memref.load %alloc_0[%arg2] : memref<4xi32>
      %2 = memref.load %arg1[%arg2] : memref<4xi32, strided<[?], offset: ?>>
      %3 = arith.select %0, %1, %2 : i32
      memref.store %3, %alloc_1[%arg2] : memref<4xi32>
    }
    %expand_shape = memref.expand_shape %alloc_1 [[0, 1]] output_shape [4, 1] : memref<4xi32> into memref<4x1xi32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %0 = memref.load %expand_shape[%arg2, %arg3] : memref<4x1xi32>
        %1 = arith.cmpi sge, %0, %c0_i32 : i32
        memref.store %1, %alloc_2[%arg2, %arg3] : memref<4x1xi1>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %0 = memref.load %expand_shape[%arg2, %arg3] : memref<4x1xi32>
        %1 = arith.cmpi sle, %0, %c15_i32 : i32
        memref.store %1, %alloc_3[%arg2, %arg3] : memref<4x1xi1>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %0 = memref.load %alloc_2[%arg2, %arg3] : memref<4x1xi1>
        %1 = memref.load %alloc_3[%arg2, %arg3] : memref<4x1xi1>
        %2 = arith.andi %0, %1 : i1
        memref.store %2, %alloc_4[%arg2, %arg3] : memref<4x1xi1>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      memref.store %true, %alloc_5[%arg2] : memref<4xi1>
    }
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %0 = memref.load %alloc_4[%arg2, %arg3] : memref<4x1xi1>
        %1 = memref.load %alloc_5[%arg2] : memref<4xi1>
        %2 = arith.andi %1, %0 : i1
        memref.store %2, %alloc_5[%arg2] : memref<4xi1>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x1x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        scf.for %arg4 = %c0 to %c8 step %c1 {
          %0 = memref.load %expand_shape[%arg2, %arg3] : memref<4x1xi32>
          %1 = arith.index_cast %0 : i32 to index
          %2 = memref.load %arg0[%1, %arg4] : memref<16x8xf32, strided<[?, ?], offset: ?>>
          memref.store %2, %alloc_6[%arg2, %arg3, %arg4] : memref<4x1x8xf32>
        }
      }
    }
    %collapse_shape = memref.collapse_shape %alloc_6 [[0], [1, 2]] : memref<4x1x8xf32> into memref<4x8xf32>
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_5[%arg2] : memref<4xi1>
        memref.store %0, %alloc_7[%arg2, %arg3] : memref<4x8xi1>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_7[%arg2, %arg3] : memref<4x8xi1>
        %1 = memref.load %collapse_shape[%arg2, %arg3] : memref<4x8xf32>
        %2 = arith.select %0, %1, %cst : f32
        memref.store %2, %alloc_8[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    return %alloc_8 : memref<4x8xf32>
  }
}

