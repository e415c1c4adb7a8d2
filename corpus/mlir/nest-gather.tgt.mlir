// mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops of the source
module @jit_embedding {
  func.func public @main(%arg0: tensor<16x8xf32>, %arg1: tensor<4xi32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c15_i32 = arith.constant 15 : i32
    %true = arith.constant true
    %cst = arith.constant 0x7FC00000 : f32
    %0 = bufferization.to_memref %arg0 : memref<16x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg1 : memref<4xi32, strided<[?], offset: ?>>
    %2 = bufferization.to_memref %arg1 : memref<4xi32, strided<[?], offset: ?>>
    %3 = bufferization.to_memref %arg1 : memref<4xi32, strided<[?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      %5 = memref.load %3[%arg2] : memref<4xi32, strided<[?], offset: ?>>
      %6 = arith.cmpi slt, %5, %c0_i32 : i32
      memref.store %6, %alloc[%arg2] : memref<4xi1>
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      %5 = memref.load %2[%arg2] : memref<4xi32, strided<[?], offset: ?>>
      %6 = arith.addi %5, %c16_i32 : i32
      memref.store %6, %alloc_0[%arg2] : memref<4xi32>
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      %5 = memref.load %alloc[%arg2] : memref<4xi1>
      %6 = memref.load %alloc_0[%arg2] : memref<4xi32>
      %7 = memref.load %1[%arg2] : memref<4xi32, strided<[?], offset: ?>>
      %8 = arith.select %5, %6, %7 : i32
      memref.store %8, %alloc_1[%arg2] : memref<4xi32>
    }
    %expand_shape = memref.expand_shape %alloc_1 [[0, 1]] output_shape [4, 1] : memref<4xi32> into memref<4x1xi32>
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %5 = memref.load %expand_shape[%arg2, %arg3] : memref<4x1xi32>
        %6 = arith.cmpi sge, %5, %c0_i32 : i32
        memref.store %6, %alloc_2[%arg2, %arg3] : memref<4x1xi1>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %5 = memref.load %expand_shape[%arg2, %arg3] : memref<4x1xi32>
        %6 = arith.cmpi sle, %5, %c15_i32 : i32
        memref.store %6, %alloc_3[%arg2, %arg3] : memref<4x1xi1>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x1xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %5 = memref.load %alloc_2[%arg2, %arg3] : memref<4x1xi1>
        %6 = memref.load %alloc_3[%arg2, %arg3] : memref<4x1xi1>
        %7 = arith.andi %5, %6 : i1
        memref.store %7, %alloc_4[%arg2, %arg3] : memref<4x1xi1>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      memref.store %true, %alloc_5[%arg2] : memref<4xi1>
    }
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        %5 = memref.load %alloc_4[%arg2, %arg3] : memref<4x1xi1>
        %6 = memref.load %alloc_5[%arg2] : memref<4xi1>
        %7 = arith.andi %6, %5 : i1
        memref.store %7, %alloc_5[%arg2] : memref<4xi1>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x1x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c1 step %c1 {
        scf.for %arg4 = %c0 to %c8 step %c1 {
          %5 = memref.load %expand_shape[%arg2, %arg3] : memref<4x1xi32>
          %6 = arith.index_cast %5 : i32 to index
          %7 = memref.load %0[%6, %arg4] : memref<16x8xf32, strided<[?, ?], offset: ?>>
          memref.store %7, %alloc_6[%arg2, %arg3, %arg4] : memref<4x1x8xf32>
        }
      }
    }
    %collapse_shape = memref.collapse_shape %alloc_6 [[0], [1, 2]] : memref<4x1x8xf32> into memref<4x8xf32>
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_5[%arg2] : memref<4xi1>
        memref.store %5, %alloc_7[%arg2, %arg3] : memref<4x8xi1>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_7[%arg2, %arg3] : memref<4x8xi1>
        %6 = memref.load %collapse_shape[%arg2, %arg3] : memref<4x8xf32>
        %7 = arith.select %5, %6, %cst : f32
        memref.store %7, %alloc_8[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %4 = bufferization.to_tensor %alloc_8 : memref<4x8xf32>
    return %4 : tensor<4x8xf32>
  }
}

