// tools/mlir_real.py: mish, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_mish {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %2 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %4 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %4[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %7 = arith.maximumf %6, %cst : f32
        memref.store %7, %alloc[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xi1>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %3[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %7 = arith.cmpf une, %6, %6 : f32
        memref.store %7, %alloc_0[%arg1, %arg2] : memref<4x8xi1>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %2[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %7 = arith.addf %6, %cst : f32
        memref.store %7, %alloc_1[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %1[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %7 = math.absf %6 : f32
        memref.store %7, %alloc_2[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_2[%arg1, %arg2] : memref<4x8xf32>
        %7 = arith.negf %6 : f32
        memref.store %7, %alloc_3[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_3[%arg1, %arg2] : memref<4x8xf32>
        %7 = math.exp %6 : f32
        memref.store %7, %alloc_4[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_4[%arg1, %arg2] : memref<4x8xf32>
        %7 = math.log1p %6 : f32
        memref.store %7, %alloc_5[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc[%arg1, %arg2] : memref<4x8xf32>
        %7 = memref.load %alloc_5[%arg1, %arg2] : memref<4x8xf32>
        %8 = arith.addf %6, %7 : f32
        memref.store %8, %alloc_6[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_0[%arg1, %arg2] : memref<4x8xi1>
        %7 = memref.load %alloc_1[%arg1, %arg2] : memref<4x8xf32>
        %8 = memref.load %alloc_6[%arg1, %arg2] : memref<4x8xf32>
        %9 = arith.select %6, %7, %8 : f32
        memref.store %9, %alloc_7[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_7[%arg1, %arg2] : memref<4x8xf32>
        %7 = math.tanh %6 : f32
        memref.store %7, %alloc_8[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_9 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %6 = memref.load %0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %7 = memref.load %alloc_8[%arg1, %arg2] : memref<4x8xf32>
        %8 = arith.mulf %6, %7 : f32
        memref.store %8, %alloc_9[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %5 = bufferization.to_tensor %alloc_9 : memref<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}

