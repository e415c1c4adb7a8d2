// tools/mlir_real.py: huber_loss, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_huber_loss {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<f32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 3.200000e+01 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %2 = memref.load %arg0[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %3 = memref.load %arg1[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %4 = arith.subf %2, %3 : f32
        memref.store %4, %alloc[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %2 = memref.load %alloc[%arg2, %arg3] : memref<4x8xf32>
        %3 = math.absf %2 : f32
        memref.store %3, %alloc_3[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %2 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %3 = arith.cmpf olt, %2, %cst_2 : f32
        memref.store %3, %alloc_4[%arg2, %arg3] : memref<4x8xi1>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %2 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %3 = arith.mulf %2, %cst_1 : f32
        memref.store %3, %alloc_5[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %2 = memref.load %alloc_5[%arg2, %arg3] : memref<4x8xf32>
        %3 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %4 = arith.mulf %2, %3 : f32
        memref.store %4, %alloc_6[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %2 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %3 = arith.subf %2, %cst_1 : f32
        memref.store %3, %alloc_7[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %2 = memref.load %alloc_4[%arg2, %arg3] : memref<4x8xi1>
        %3 = memref.load %alloc_6[%arg2, %arg3] : memref<4x8xf32>
        %4 = memref.load %alloc_7[%arg2, %arg3] : memref<4x8xf32>
        %5 = arith.select %2, %3, %4 : f32
        memref.store %5, %alloc_8[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst_0, %alloc_9[] : memref<f32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %2 = memref.load %alloc_8[%arg2, %arg3] : memref<4x8xf32>
        %3 = memref.load %alloc_9[] : memref<f32>
        %4 = arith.addf %3, %2 : f32
        memref.store %4, %alloc_9[] : memref<f32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    %0 = memref.load %alloc_9[] : memref<f32>
    %1 = arith.divf %0, %cst : f32
    memref.store %1, %alloc_10[] : memref<f32>
    return %alloc_10 : memref<f32>
  }
}

