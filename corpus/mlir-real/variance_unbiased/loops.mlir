// tools/mlir_real.py: variance_unbiased, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_variance_unbiased {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<8xf32> {
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 4.000000e+00 : f32
    %cst_1 = arith.constant 0x7FC00000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      memref.store %cst, %alloc[%arg1] : memref<8xf32>
    }
    scf.for %arg1 = %c0 to %c8 step %c1 {
      scf.for %arg2 = %c0 to %c4 step %c1 {
        %8 = memref.load %1[%arg2, %arg1] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %9 = memref.load %alloc[%arg1] : memref<8xf32>
        %10 = arith.addf %9, %8 : f32
        memref.store %10, %alloc[%arg1] : memref<8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<1x8xf32>
    scf.for %arg1 = %c0 to %c1 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %8 = memref.load %alloc[%arg2] : memref<8xf32>
        memref.store %8, %alloc_3[%arg1, %arg2] : memref<1x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<1x8xf32>
    scf.for %arg1 = %c0 to %c1 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %8 = memref.load %alloc_3[%arg1, %arg2] : memref<1x8xf32>
        %9 = arith.divf %8, %cst_0 : f32
        memref.store %9, %alloc_4[%arg1, %arg2] : memref<1x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %8 = memref.load %alloc_4[%c0, %arg2] : memref<1x8xf32>
        memref.store %8, %alloc_5[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %8 = memref.load %0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %9 = memref.load %alloc_5[%arg1, %arg2] : memref<4x8xf32>
        %10 = arith.subf %8, %9 : f32
        memref.store %10, %alloc_6[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %8 = memref.load %alloc_6[%arg1, %arg2] : memref<4x8xf32>
        %9 = arith.mulf %8, %8 : f32
        memref.store %9, %alloc_7[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst_2, %alloc_8[] : memref<f32>
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    %2 = memref.load %alloc_8[] : memref<f32>
    %3 = arith.subf %cst_0, %2 : f32
    memref.store %3, %alloc_9[] : memref<f32>
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      memref.store %cst, %alloc_10[%arg1] : memref<8xf32>
    }
    scf.for %arg1 = %c0 to %c8 step %c1 {
      scf.for %arg2 = %c0 to %c4 step %c1 {
        %8 = memref.load %alloc_7[%arg2, %arg1] : memref<4x8xf32>
        %9 = memref.load %alloc_10[%arg1] : memref<8xf32>
        %10 = arith.addf %9, %8 : f32
        memref.store %10, %alloc_10[%arg1] : memref<8xf32>
      }
    }
    %alloc_11 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      %8 = memref.load %alloc_9[] : memref<f32>
      memref.store %8, %alloc_11[%arg1] : memref<8xf32>
    }
    %alloc_12 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      %8 = memref.load %alloc_10[%arg1] : memref<8xf32>
      %9 = memref.load %alloc_11[%arg1] : memref<8xf32>
      %10 = arith.divf %8, %9 : f32
      memref.store %10, %alloc_12[%arg1] : memref<8xf32>
    }
    %alloc_13 = memref.alloc() {alignment = 64 : i64} : memref<i1>
    %4 = memref.load %alloc_9[] : memref<f32>
    %5 = arith.cmpf ogt, %4, %cst : f32
    memref.store %5, %alloc_13[] : memref<i1>
    %alloc_14 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    %6 = memref.load %alloc_13[] : memref<i1>
    scf.for %arg1 = %c0 to %c8 step %c1 {
      %8 = memref.load %alloc_12[%arg1] : memref<8xf32>
      %9 = arith.select %6, %8, %cst_1 : f32
      memref.store %9, %alloc_14[%arg1] : memref<8xf32>
    }
    %7 = bufferization.to_tensor %alloc_14 : memref<8xf32>
    return %7 : tensor<8xf32>
  }
}

