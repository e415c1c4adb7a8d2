// tools/mlir_real.py: mlp, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_mlp {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<8x16xf32, strided<[?, ?], offset: ?>>, %arg2: memref<16xf32, strided<[?], offset: ?>>, %arg3: memref<16x8xf32, strided<[?, ?], offset: ?>>, %arg4: memref<8xf32, strided<[?], offset: ?>>) -> memref<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0.797884583 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        memref.store %cst_3, %alloc[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        scf.for %arg7 = %c0 to %c8 step %c1 {
          %0 = memref.load %arg0[%arg5, %arg7] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %1 = memref.load %arg1[%arg7, %arg6] : memref<8x16xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc[%arg5, %arg6] : memref<4x16xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc[%arg5, %arg6] : memref<4x16xf32>
        }
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %arg2[%arg6] : memref<16xf32, strided<[?], offset: ?>>
        memref.store %0, %alloc_4[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc[%arg5, %arg6] : memref<4x16xf32>
        %1 = memref.load %alloc_4[%arg5, %arg6] : memref<4x16xf32>
        %2 = arith.addf %0, %1 : f32
        memref.store %2, %alloc_5[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_5[%arg5, %arg6] : memref<4x16xf32>
        %1 = arith.mulf %0, %0 : f32
        memref.store %1, %alloc_6[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_6[%arg5, %arg6] : memref<4x16xf32>
        %1 = memref.load %alloc_5[%arg5, %arg6] : memref<4x16xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_7[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_7[%arg5, %arg6] : memref<4x16xf32>
        %1 = arith.mulf %0, %cst_2 : f32
        memref.store %1, %alloc_8[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_5[%arg5, %arg6] : memref<4x16xf32>
        %1 = memref.load %alloc_8[%arg5, %arg6] : memref<4x16xf32>
        %2 = arith.addf %0, %1 : f32
        memref.store %2, %alloc_9[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_9[%arg5, %arg6] : memref<4x16xf32>
        %1 = arith.mulf %0, %cst_1 : f32
        memref.store %1, %alloc_10[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_10[%arg5, %arg6] : memref<4x16xf32>
        %1 = math.tanh %0 : f32
        memref.store %1, %alloc_11[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_11[%arg5, %arg6] : memref<4x16xf32>
        %1 = arith.addf %0, %cst_0 : f32
        memref.store %1, %alloc_12[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_12[%arg5, %arg6] : memref<4x16xf32>
        %1 = arith.mulf %0, %cst : f32
        memref.store %1, %alloc_13[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %0 = memref.load %alloc_5[%arg5, %arg6] : memref<4x16xf32>
        %1 = memref.load %alloc_13[%arg5, %arg6] : memref<4x16xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_14[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        memref.store %cst_3, %alloc_15[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        scf.for %arg7 = %c0 to %c16 step %c1 {
          %0 = memref.load %alloc_14[%arg5, %arg7] : memref<4x16xf32>
          %1 = memref.load %arg3[%arg7, %arg6] : memref<16x8xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc_15[%arg5, %arg6] : memref<4x8xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_15[%arg5, %arg6] : memref<4x8xf32>
        }
      }
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg4[%arg6] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %0, %alloc_16[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_15[%arg5, %arg6] : memref<4x8xf32>
        %1 = memref.load %alloc_16[%arg5, %arg6] : memref<4x8xf32>
        %2 = arith.addf %0, %1 : f32
        memref.store %2, %alloc_17[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    return %alloc_17 : memref<4x8xf32>
  }
}

