// tools/mlir_real.py: gelu_tanh, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_gelu_tanh {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 4.471500e-02 : f32
    %cst_0 = arith.constant 0.797884583 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 5.000000e-01 : f32
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %3[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = arith.mulf %5, %5 : f32
        memref.store %6, %alloc[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc[%arg1, %arg2] : memref<4x8xf32>
        %6 = memref.load %2[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %7 = arith.mulf %5, %6 : f32
        memref.store %7, %alloc_3[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_3[%arg1, %arg2] : memref<4x8xf32>
        %6 = arith.mulf %5, %cst : f32
        memref.store %6, %alloc_4[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %1[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = memref.load %alloc_4[%arg1, %arg2] : memref<4x8xf32>
        %7 = arith.addf %5, %6 : f32
        memref.store %7, %alloc_5[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_5[%arg1, %arg2] : memref<4x8xf32>
        %6 = arith.mulf %5, %cst_0 : f32
        memref.store %6, %alloc_6[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_6[%arg1, %arg2] : memref<4x8xf32>
        %6 = math.tanh %5 : f32
        memref.store %6, %alloc_7[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_7[%arg1, %arg2] : memref<4x8xf32>
        %6 = arith.addf %5, %cst_1 : f32
        memref.store %6, %alloc_8[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %alloc_8[%arg1, %arg2] : memref<4x8xf32>
        %6 = arith.mulf %5, %cst_2 : f32
        memref.store %6, %alloc_9[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %5 = memref.load %0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = memref.load %alloc_9[%arg1, %arg2] : memref<4x8xf32>
        %7 = arith.mulf %5, %6 : f32
        memref.store %7, %alloc_10[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %4 = bufferization.to_tensor %alloc_10 : memref<4x8xf32>
    return %4 : tensor<4x8xf32>
  }
}

