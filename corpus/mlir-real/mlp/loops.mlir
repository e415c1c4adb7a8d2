// tools/mlir_real.py: mlp, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_mlp {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16x8xf32>, %arg4: tensor<8xf32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.471500e-02 : f32
    %cst_1 = arith.constant 0.797884583 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %0 = bufferization.to_memref %arg4 : memref<8xf32, strided<[?], offset: ?>>
    %1 = bufferization.to_memref %arg3 : memref<16x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg2 : memref<16xf32, strided<[?], offset: ?>>
    %3 = bufferization.to_memref %arg1 : memref<8x16xf32, strided<[?, ?], offset: ?>>
    %4 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        memref.store %cst, %alloc[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        scf.for %arg7 = %c0 to %c8 step %c1 {
          %6 = memref.load %4[%arg5, %arg7] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %7 = memref.load %3[%arg7, %arg6] : memref<8x16xf32, strided<[?, ?], offset: ?>>
          %8 = memref.load %alloc[%arg5, %arg6] : memref<4x16xf32>
          %9 = arith.mulf %6, %7 : f32
          %10 = arith.addf %8, %9 : f32
          memref.store %10, %alloc[%arg5, %arg6] : memref<4x16xf32>
        }
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %2[%arg6] : memref<16xf32, strided<[?], offset: ?>>
        memref.store %6, %alloc_4[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc[%arg5, %arg6] : memref<4x16xf32>
        %7 = memref.load %alloc_4[%arg5, %arg6] : memref<4x16xf32>
        %8 = arith.addf %6, %7 : f32
        memref.store %8, %alloc_5[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc_5[%arg5, %arg6] : memref<4x16xf32>
        %7 = arith.mulf %6, %6 : f32
        memref.store %7, %alloc_6[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc_6[%arg5, %arg6] : memref<4x16xf32>
        %7 = memref.load %alloc_5[%arg5, %arg6] : memref<4x16xf32>
        %8 = arith.mulf %6, %7 : f32
        memref.store %8, %alloc_7[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc_7[%arg5, %arg6] : memref<4x16xf32>
        %7 = arith.mulf %6, %cst_0 : f32
        memref.store %7, %alloc_8[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc_5[%arg5, %arg6] : memref<4x16xf32>
        %7 = memref.load %alloc_8[%arg5, %arg6] : memref<4x16xf32>
        %8 = arith.addf %6, %7 : f32
        memref.store %8, %alloc_9[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc_9[%arg5, %arg6] : memref<4x16xf32>
        %7 = arith.mulf %6, %cst_1 : f32
        memref.store %7, %alloc_10[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc_10[%arg5, %arg6] : memref<4x16xf32>
        %7 = math.tanh %6 : f32
        memref.store %7, %alloc_11[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc_11[%arg5, %arg6] : memref<4x16xf32>
        %7 = arith.addf %6, %cst_2 : f32
        memref.store %7, %alloc_12[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc_12[%arg5, %arg6] : memref<4x16xf32>
        %7 = arith.mulf %6, %cst_3 : f32
        memref.store %7, %alloc_13[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x16xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c16 step %c1 {
        %6 = memref.load %alloc_5[%arg5, %arg6] : memref<4x16xf32>
        %7 = memref.load %alloc_13[%arg5, %arg6] : memref<4x16xf32>
        %8 = arith.mulf %6, %7 : f32
        memref.store %8, %alloc_14[%arg5, %arg6] : memref<4x16xf32>
      }
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        memref.store %cst, %alloc_15[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        scf.for %arg7 = %c0 to %c16 step %c1 {
          %6 = memref.load %alloc_14[%arg5, %arg7] : memref<4x16xf32>
          %7 = memref.load %1[%arg7, %arg6] : memref<16x8xf32, strided<[?, ?], offset: ?>>
          %8 = memref.load %alloc_15[%arg5, %arg6] : memref<4x8xf32>
          %9 = arith.mulf %6, %7 : f32
          %10 = arith.addf %8, %9 : f32
          memref.store %10, %alloc_15[%arg5, %arg6] : memref<4x8xf32>
        }
      }
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %0[%arg6] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %6, %alloc_16[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_15[%arg5, %arg6] : memref<4x8xf32>
        %7 = memref.load %alloc_16[%arg5, %arg6] : memref<4x8xf32>
        %8 = arith.addf %6, %7 : f32
        memref.store %8, %alloc_17[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %5 = bufferization.to_tensor %alloc_17 : memref<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}

