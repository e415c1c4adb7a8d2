// tools/mlir_real.py: causal_attention, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_causal_attention {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 2.82842708 : f32
    %0 = bufferization.to_memref %arg2 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
    scf.for %arg3 = %c0 to %c8 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %2[%arg4, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        memref.store %6, %alloc[%arg3, %arg4] : memref<8x4xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        memref.store %cst, %alloc_3[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        scf.for %arg5 = %c0 to %c8 step %c1 {
          %6 = memref.load %1[%arg3, %arg5] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %7 = memref.load %alloc[%arg5, %arg4] : memref<8x4xf32>
          %8 = memref.load %alloc_3[%arg3, %arg4] : memref<4x4xf32>
          %9 = arith.mulf %6, %7 : f32
          %10 = arith.addf %8, %9 : f32
          memref.store %10, %alloc_3[%arg3, %arg4] : memref<4x4xf32>
        }
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst_2, %alloc_4[] : memref<f32>
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    %3 = memref.load %alloc_4[] : memref<f32>
    %4 = arith.divf %cst_0, %3 : f32
    memref.store %4, %alloc_5[] : memref<f32>
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_5[] : memref<f32>
        memref.store %6, %alloc_6[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_3[%arg3, %arg4] : memref<4x4xf32>
        %7 = memref.load %alloc_6[%arg3, %arg4] : memref<4x4xf32>
        %8 = arith.mulf %6, %7 : f32
        memref.store %8, %alloc_7[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4xi32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      %6 = arith.index_cast %arg3 : index to i32
      memref.store %6, %alloc_8[%arg3] : memref<4xi32>
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_8[%arg3] : memref<4xi32>
        memref.store %6, %alloc_9[%arg3, %arg4] : memref<4x4xi32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x4xi32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_8[%arg4] : memref<4xi32>
        memref.store %6, %alloc_10[%arg3, %arg4] : memref<4x4xi32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x4xi1>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_9[%arg3, %arg4] : memref<4x4xi32>
        %7 = memref.load %alloc_10[%arg3, %arg4] : memref<4x4xi32>
        %8 = arith.cmpi sge, %6, %7 : i32
        memref.store %8, %alloc_11[%arg3, %arg4] : memref<4x4xi1>
      }
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_11[%arg3, %arg4] : memref<4x4xi1>
        %7 = memref.load %alloc_7[%arg3, %arg4] : memref<4x4xf32>
        %8 = arith.select %6, %7, %cst_1 : f32
        memref.store %8, %alloc_12[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      memref.store %cst_1, %alloc_13[%arg3] : memref<4xf32>
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_12[%arg3, %arg4] : memref<4x4xf32>
        %7 = memref.load %alloc_13[%arg3] : memref<4xf32>
        %8 = arith.maximumf %7, %6 : f32
        memref.store %8, %alloc_13[%arg3] : memref<4xf32>
      }
    }
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_13[%arg3] : memref<4xf32>
        memref.store %6, %alloc_14[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_15 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_12[%arg3, %arg4] : memref<4x4xf32>
        %7 = memref.load %alloc_14[%arg3, %arg4] : memref<4x4xf32>
        %8 = arith.subf %6, %7 : f32
        memref.store %8, %alloc_15[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_16 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_15[%arg3, %arg4] : memref<4x4xf32>
        %7 = math.exp %6 : f32
        memref.store %7, %alloc_16[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_17 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      memref.store %cst, %alloc_17[%arg3] : memref<4xf32>
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_16[%arg3, %arg4] : memref<4x4xf32>
        %7 = memref.load %alloc_17[%arg3] : memref<4xf32>
        %8 = arith.addf %7, %6 : f32
        memref.store %8, %alloc_17[%arg3] : memref<4xf32>
      }
    }
    %alloc_18 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_17[%arg3] : memref<4xf32>
        memref.store %6, %alloc_18[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_19 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %6 = memref.load %alloc_16[%arg3, %arg4] : memref<4x4xf32>
        %7 = memref.load %alloc_18[%arg3, %arg4] : memref<4x4xf32>
        %8 = arith.divf %6, %7 : f32
        memref.store %8, %alloc_19[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_20 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        memref.store %cst, %alloc_20[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        scf.for %arg5 = %c0 to %c4 step %c1 {
          %6 = memref.load %alloc_19[%arg3, %arg5] : memref<4x4xf32>
          %7 = memref.load %0[%arg5, %arg4] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %8 = memref.load %alloc_20[%arg3, %arg4] : memref<4x8xf32>
          %9 = arith.mulf %6, %7 : f32
          %10 = arith.addf %8, %9 : f32
          memref.store %10, %alloc_20[%arg3, %arg4] : memref<4x8xf32>
        }
      }
    }
    %5 = bufferization.to_tensor %alloc_20 : memref<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}

