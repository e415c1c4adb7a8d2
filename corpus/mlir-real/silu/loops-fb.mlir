// tools/mlir_real.py: silu, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_silu {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = arith.negf %0 : f32
        memref.store %1, %alloc[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc[%arg1, %arg2] : memref<4x8xf32>
        %1 = math.exp %0 : f32
        memref.store %1, %alloc_0[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_0[%arg1, %arg2] : memref<4x8xf32>
        %1 = arith.addf %0, %cst : f32
        memref.store %1, %alloc_1[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_1[%arg1, %arg2] : memref<4x8xf32>
        %1 = arith.divf %cst, %0 : f32
        memref.store %1, %alloc_2[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg1 = %c0 to %c4 step %c1 {
      scf.for %arg2 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg1, %arg2] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = memref.load %alloc_2[%arg1, %arg2] : memref<4x8xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_3[%arg1, %arg2] : memref<4x8xf32>
      }
    }
    return %alloc_3 : memref<4x8xf32>
  }
}

