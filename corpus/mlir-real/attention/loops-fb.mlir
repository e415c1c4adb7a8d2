// tools/mlir_real.py: attention, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_attention {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg2: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<4x8xf32> {
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 2.82842708 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x4xf32>
    scf.for %arg3 = %c0 to %c8 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %arg1[%arg4, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        memref.store %0, %alloc[%arg3, %arg4] : memref<8x4xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        memref.store %cst_1, %alloc_2[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        scf.for %arg5 = %c0 to %c8 step %c1 {
          %0 = memref.load %arg0[%arg3, %arg5] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %1 = memref.load %alloc[%arg5, %arg4] : memref<8x4xf32>
          %2 = memref.load %alloc_2[%arg3, %arg4] : memref<4x4xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_2[%arg3, %arg4] : memref<4x4xf32>
        }
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst, %alloc_3[] : memref<f32>
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_3[] : memref<f32>
        memref.store %0, %alloc_4[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_2[%arg3, %arg4] : memref<4x4xf32>
        %1 = memref.load %alloc_4[%arg3, %arg4] : memref<4x4xf32>
        %2 = arith.divf %0, %1 : f32
        memref.store %2, %alloc_5[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      memref.store %cst_0, %alloc_6[%arg3] : memref<4xf32>
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_5[%arg3, %arg4] : memref<4x4xf32>
        %1 = memref.load %alloc_6[%arg3] : memref<4xf32>
        %2 = arith.maximumf %1, %0 : f32
        memref.store %2, %alloc_6[%arg3] : memref<4xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_6[%arg3] : memref<4xf32>
        memref.store %0, %alloc_7[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_5[%arg3, %arg4] : memref<4x4xf32>
        %1 = memref.load %alloc_7[%arg3, %arg4] : memref<4x4xf32>
        %2 = arith.subf %0, %1 : f32
        memref.store %2, %alloc_8[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_8[%arg3, %arg4] : memref<4x4xf32>
        %1 = math.exp %0 : f32
        memref.store %1, %alloc_9[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      memref.store %cst_1, %alloc_10[%arg3] : memref<4xf32>
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_9[%arg3, %arg4] : memref<4x4xf32>
        %1 = memref.load %alloc_10[%arg3] : memref<4xf32>
        %2 = arith.addf %1, %0 : f32
        memref.store %2, %alloc_10[%arg3] : memref<4xf32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_10[%arg3] : memref<4xf32>
        memref.store %0, %alloc_11[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c4 step %c1 {
        %0 = memref.load %alloc_9[%arg3, %arg4] : memref<4x4xf32>
        %1 = memref.load %alloc_11[%arg3, %arg4] : memref<4x4xf32>
        %2 = arith.divf %0, %1 : f32
        memref.store %2, %alloc_12[%arg3, %arg4] : memref<4x4xf32>
      }
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        memref.store %cst_1, %alloc_13[%arg3, %arg4] : memref<4x8xf32>
      }
    }
    scf.for %arg3 = %c0 to %c4 step %c1 {
      scf.for %arg4 = %c0 to %c8 step %c1 {
        scf.for %arg5 = %c0 to %c4 step %c1 {
          %0 = memref.load %alloc_12[%arg3, %arg5] : memref<4x4xf32>
          %1 = memref.load %arg2[%arg5, %arg4] : memref<4x8xf32, strided<[?, ?], offset: ?>>
          %2 = memref.load %alloc_13[%arg3, %arg4] : memref<4x8xf32>
          %3 = arith.mulf %0, %1 : f32
          %4 = arith.addf %2, %3 : f32
          memref.store %4, %alloc_13[%arg3, %arg4] : memref<4x8xf32>
        }
      }
    }
    return %alloc_13 : memref<4x8xf32>
  }
}

