// tools/mlir_real.py: sigmoid_bce, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_sigmoid_bce {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> tensor<f32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 3.200000e+01 : f32
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg1 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %7 = memref.load %3[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %8 = arith.maximumf %7, %cst : f32
        memref.store %8, %alloc[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %7 = memref.load %2[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %8 = memref.load %1[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %9 = arith.mulf %7, %8 : f32
        memref.store %9, %alloc_1[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %7 = memref.load %alloc[%arg2, %arg3] : memref<4x8xf32>
        %8 = memref.load %alloc_1[%arg2, %arg3] : memref<4x8xf32>
        %9 = arith.subf %7, %8 : f32
        memref.store %9, %alloc_2[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %7 = memref.load %0[%arg2, %arg3] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %8 = math.absf %7 : f32
        memref.store %8, %alloc_3[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %7 = memref.load %alloc_3[%arg2, %arg3] : memref<4x8xf32>
        %8 = arith.negf %7 : f32
        memref.store %8, %alloc_4[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %7 = memref.load %alloc_4[%arg2, %arg3] : memref<4x8xf32>
        %8 = math.exp %7 : f32
        memref.store %8, %alloc_5[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %7 = memref.load %alloc_5[%arg2, %arg3] : memref<4x8xf32>
        %8 = math.log1p %7 : f32
        memref.store %8, %alloc_6[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %7 = memref.load %alloc_2[%arg2, %arg3] : memref<4x8xf32>
        %8 = memref.load %alloc_6[%arg2, %arg3] : memref<4x8xf32>
        %9 = arith.addf %7, %8 : f32
        memref.store %9, %alloc_7[%arg2, %arg3] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    memref.store %cst, %alloc_8[] : memref<f32>
    scf.for %arg2 = %c0 to %c4 step %c1 {
      scf.for %arg3 = %c0 to %c8 step %c1 {
        %7 = memref.load %alloc_7[%arg2, %arg3] : memref<4x8xf32>
        %8 = memref.load %alloc_8[] : memref<f32>
        %9 = arith.addf %8, %7 : f32
        memref.store %9, %alloc_8[] : memref<f32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<f32>
    %4 = memref.load %alloc_8[] : memref<f32>
    %5 = arith.divf %4, %cst_0 : f32
    memref.store %5, %alloc_9[] : memref<f32>
    %6 = bufferization.to_tensor %alloc_9 : memref<f32>
    return %6 : tensor<f32>
  }
}

