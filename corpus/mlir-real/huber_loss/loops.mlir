// tools/mlir_real.py: huber_loss, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_huber_loss {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %cst_2 = arith.constant 3.200000e+01 : f32
    %0 = bufferization.to_memref %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %1[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = memref.load %0[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %7 = arith.subf %5, %6 : f32
        memref.store %7, %alloc[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc[%arg2, %arg3] : memref<4x8xf32>
        %6 = math.absf %5 : f32
        memref.store %6, %alloc_3[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %6 = arith.cmpf olt, %5, %cst : f32
        memref.store %6, %alloc_4[%arg2, %arg3] : memref<4x8xi1>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %6 = arith.mulf %5, %cst_0 : f32
        memref.store %6, %alloc_5[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_5[%arg2, %arg3] : memref<4x8xf32>
        %6 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %7 = arith.mulf %5, %6 : f32
        memref.store %7, %alloc_6[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %6 = arith.subf %5, %cst_0 : f32
        memref.store %6, %alloc_7[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_4[%arg2, %arg3] : memref<4x8xi1>
        %6 = memref.load %alloc_6[%arg2, %arg3] : memref<4x8xf32>
        %7 = memref.load %alloc_7[%arg2, %arg3] : memref<4x8xf32>
        %8 = arith.select %5, %6, %7 : f32
        memref.store %8, %alloc_8[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst_1, %alloc_9[] : memref<f32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_8[%arg2, %arg3] : memref<4x8xf32>
        %6 = memref.load %alloc_9[] : memref<f32>
        %7 = arith.addf %6, %5 : f32
        memref.store %7, %alloc_9[] : memref<f32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    %2 = memref.load %alloc_9[] : memref<f32>
    %3 = arith.divf %2, %cst_2 : f32
    memref.store %3, %alloc_10[] : memref<f32>
    %4 = bufferization.to_tensor %alloc_10 : memref<f32>
    return %4 : tensor<f32>
  }
}

