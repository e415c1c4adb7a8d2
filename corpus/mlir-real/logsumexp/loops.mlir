// tools/mlir_real.py: logsumexp, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_logsumexp {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0x7F800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      memref.store %cst, %alloc[%arg1] : memref<4xf32>
    }
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %1[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %4 = memref.load %alloc[%arg1] : memref<4xf32>
        %5 = arith.maximumf %4, %3 : f32
        memref.store %5, %alloc[%arg1] : memref<4xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4xi1>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      %3 = memref.load %alloc[%arg1] : memref<4xf32>
      %4 = math.absf %3 : f32
      %5 = arith.cmpf one, %4, %cst_0 : f32
      memref.store %5, %alloc_2[%arg1] : memref<4xi1>
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      %3 = memref.load %alloc_2[%arg1] : memref<4xi1>
      %4 = memref.load %alloc[%arg1] : memref<4xf32>
      %5 = arith.select %3, %4, %cst_1 : f32
      memref.store %5, %alloc_3[%arg1] : memref<4xf32>
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_3[%arg1] : memref<4xf32>
        memref.store %3, %alloc_4[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %4 = memref.load %alloc_4[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.subf %3, %4 : f32
        memref.store %5, %alloc_5[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_5[%arg1, %arg2] : memref<4x8xf32>
        %4 = math.exp %3 : f32
        memref.store %4, %alloc_6[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      memref.store %cst_1, %alloc_7[%arg1] : memref<4xf32>
    }
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_6[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_7[%arg1] : memref<4xf32>
        %5 = arith.addf %4, %3 : f32
        memref.store %5, %alloc_7[%arg1] : memref<4xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      %3 = memref.load %alloc_7[%arg1] : memref<4xf32>
      %4 = math.absf %3 : f32
      memref.store %4, %alloc_8[%arg1] : memref<4xf32>
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      %3 = memref.load %alloc_8[%arg1] : memref<4xf32>
      %4 = math.log %3 : f32
      memref.store %4, %alloc_9[%arg1] : memref<4xf32>
    }
    %alloc_10 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      %3 = memref.load %alloc_9[%arg1] : memref<4xf32>
      %4 = memref.load %alloc_3[%arg1] : memref<4xf32>
      %5 = arith.addf %3, %4 : f32
      memref.store %5, %alloc_10[%arg1] : memref<4xf32>
    }
    %2 = bufferization.to_tensor %alloc_10 : memref<4xf32>
    return %2 : tensor<4xf32>
  }
}

