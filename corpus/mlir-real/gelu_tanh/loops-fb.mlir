// tools/mlir_real.py: gelu_tanh, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_gelu_tanh {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 5.000000e-01 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0.797884583 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = arith.mulf %0, %0 : f32
        memref.store %1, %alloc[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc[%arg1, %arg2] : memref<4x8xf32>
        %1 = memref.load %arg0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_3[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_3[%arg1, %arg2] : memref<4x8xf32>
        %1 = arith.mulf %0, %cst_2 : f32
        memref.store %1, %alloc_4[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = memref.load %alloc_4[%arg1, %arg2] : memref<4x8xf32>
        %2 = arith.addf %0, %1 : f32
        memref.store %2, %alloc_5[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_5[%arg1, %arg2] : memref<4x8xf32>
        %1 = arith.mulf %0, %cst_1 : f32
        memref.store %1, %alloc_6[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_6[%arg1, %arg2] : memref<4x8xf32>
        %1 = math.tanh %0 : f32
        memref.store %1, %alloc_7[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_7[%arg1, %arg2] : memref<4x8xf32>
        %1 = arith.addf %0, %cst_0 : f32
        memref.store %1, %alloc_8[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_8[%arg1, %arg2] : memref<4x8xf32>
        %1 = arith.mulf %0, %cst : f32
        memref.store %1, %alloc_9[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = memref.load %alloc_9[%arg1, %arg2] : memref<4x8xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_10[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    return %alloc_10 : memref<4x8xf32>
  }
}

