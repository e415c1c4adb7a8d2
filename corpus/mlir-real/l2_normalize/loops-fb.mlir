// tools/mlir_real.py: l2_normalize, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_l2_normalize {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 9.99999996E-13 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = arith.mulf %0, %0 : f32
        memref.store %1, %alloc[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      memref.store %cst_0, %alloc_1[%arg1] : memref<4xf32>
    }
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc[%arg1, %arg2] : memref<4x8xf32>
        %1 = memref.load %alloc_1[%arg1] : memref<4xf32>
        %2 = arith.addf %1, %0 : f32
        memref.store %2, %alloc_1[%arg1] : memref<4xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      %0 = memref.load %alloc_1[%arg1] : memref<4xf32>
      %1 = math.sqrt %0 : f32
      memref.store %1, %alloc_2[%arg1] : memref<4xf32>
    }
    %expand_shape = memref.expand_shape %alloc_2 [[0, 1]] output_shape [4, 1] : memref<4xf32> into memref<4x1xf32>
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x1xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c1 step %c1 {
        %0 = memref.load %expand_shape[%arg1, %arg2] : memref<4x1xf32>
        %1 = arith.maximumf %0, %cst : f32
        memref.store %1, %alloc_3[%arg1, %arg2] : memref<4x1xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_3[%arg1, %c0] : memref<4x1xf32>
        memref.store %0, %alloc_4[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = memref.load %alloc_4[%arg1, %arg2] : memref<4x8xf32>
        %2 = arith.divf %0, %1 : f32
        memref.store %2, %alloc_5[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    return %alloc_5 : memref<4x8xf32>
  }
}

