// tools/mlir_real.py: elu, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_elu {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %4 = memref.load %2[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %5 = arith.cmpf ogt, %4, %cst : f32
        memref.store %5, %alloc[%arg1, %arg2] : memref<4x8xi1>
      }
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %4 = memref.load %1[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %5 = math.expm1 %4 : f32
        memref.store %5, %alloc_0[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %4 = memref.load %alloc[%arg1, %arg2] : memref<4x8xi1>
        %5 = memref.load %0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %6 = memref.load %alloc_0[%arg1, %arg2] : memref<4x8xf32>
        %7 = arith.select %4, %5, %6 : f32
        memref.store %7, %alloc_1[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %3 = bufferization.to_tensor %alloc_1 : memref<4x8xf32>
    return %3 : tensor<4x8xf32>
  }
}

