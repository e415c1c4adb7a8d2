// tools/mlir_real.py: softplus, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_softplus {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %1[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %4 = math.absf %3 : f32
        memref.store %4, %alloc[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc[%arg1, %arg2] : memref<4x8xf32>
        %4 = arith.negf %3 : f32
        memref.store %4, %alloc_0[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_0[%arg1, %arg2] : memref<4x8xf32>
        %4 = math.exp %3 : f32
        memref.store %4, %alloc_1[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_1[%arg1, %arg2] : memref<4x8xf32>
        %4 = math.log1p %3 : f32
        memref.store %4, %alloc_2[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %4 = arith.maximumf %3, %cst : f32
        memref.store %4, %alloc_3[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %3 = memref.load %alloc_2[%arg1, %arg2] : memref<4x8xf32>
        %4 = memref.load %alloc_3[%arg1, %arg2] : memref<4x8xf32>
        %5 = arith.addf %3, %4 : f32
        memref.store %5, %alloc_4[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %2 = bufferization.to_tensor %alloc_4 : memref<4x8xf32>
    return %2 : tensor<4x8xf32>
  }
}

