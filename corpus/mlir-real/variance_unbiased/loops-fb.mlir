// tools/mlir_real.py: variance_unbiased, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_variance_unbiased {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<8xf32> {
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0x7FC00000 : f32
    %cst_1 = arith.constant 4.000000e+00 : f32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      memref.store %cst_2, %alloc[%arg1] : memref<8xf32>
    }
    scf.for %arg1 = %c0 to %c8 step %c1 {
      scf.for %arg2 = %c0 to %c4 step %c1 {
        %5 = memref.load %arg0[%arg2, %arg1] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = memref.load %alloc[%arg1] : memref<8xf32>
        %7 = arith.addf %6, %5 : f32
        memref.store %7, %alloc[%arg1] : memref<8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<1x8xf32>
    scf.for %arg1 = %c0 to %c1 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc[%arg2] : memref<8xf32>
        memref.store %5, %alloc_3[%arg1, %arg2] : memref<1x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<1x8xf32>
    scf.for %arg1 = %c0 to %c1 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_3[%arg1, %arg2] : memref<1x8xf32>
        %6 = arith.divf %5, %cst_1 : f32
        memref.store %6, %alloc_4[%arg1, %arg2] : memref<1x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_4[%c0, %arg2] : memref<1x8xf32>
        memref.store %5, %alloc_5[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %arg0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = memref.load %alloc_5[%arg1, %arg2] : memref<4x8xf32>
        %7 = arith.subf %5, %6 : f32
        memref.store %7, %alloc_6[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_6[%arg1, %arg2] : memref<4x8xf32>
        %6 = arith.mulf %5, %5 : f32
        memref.store %6, %alloc_7[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst, %alloc_8[] : memref<f32>
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    %0 = memref.load %alloc_8[] : memref<f32>
    %1 = arith.subf %cst_1, %0 : f32
    memref.store %1, %alloc_9[] : memref<f32>
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      memref.store %cst_2, %alloc_10[%arg1] : memref<8xf32>
    }
    scf.for %arg1 = %c0 to %c8 step %c1 {
      scf.for %arg2 = %c0 to %c4 step %c1 {
        %5 = memref.load %alloc_7[%arg2, %arg1] : memref<4x8xf32>
        %6 = memref.load %alloc_10[%arg1] : memref<8xf32>
        %7 = arith.addf %6, %5 : f32
        memref.store %7, %alloc_10[%arg1] : memref<8xf32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      %5 = memref.load %alloc_9[] : memref<f32>
      memref.store %5, %alloc_11[%arg1] : memref<8xf32>
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      %5 = memref.load %alloc_10[%arg1] : memref<8xf32>
      %6 = memref.load %alloc_11[%arg1] : memref<8xf32>
      %7 = arith.divf %5, %6 : f32
      memref.store %7, %alloc_12[%arg1] : memref<8xf32>
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<i1>
    %2 = memref.load %alloc_9[] : memref<f32>
    %3 = arith.cmpf ogt, %2, %cst_2 : f32
    memref.store %3, %alloc_13[] : memref<i1>
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    %4 = memref.load %alloc_13[] : memref<i1>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      %5 = memref.load %alloc_12[%arg1] : memref<8xf32>
      %6 = arith.select %4, %5, %cst_0 : f32
      memref.store %6, %alloc_14[%arg1] : memref<8xf32>
    }
    return %alloc_14 : memref<8xf32>
  }
}

