// tools/mlir_real.py: batch_norm, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
module @jit_batch_norm {
  func.func public @main(%arg0: memref<4x8xf32, strided<[?, ?], offset: ?>>, %arg1: memref<8xf32, strided<[?], offset: ?>>, %arg2: memref<8xf32, strided<[?], offset: ?>>, %arg3: memref<8xf32, strided<[?], offset: ?>>, %arg4: memref<8xf32, strided<[?], offset: ?>>) -> memref<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 9.99999974E-6 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg1[%arg6] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %0, %alloc[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg0[%arg5, %arg6] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %1 = memref.load %alloc[%arg5, %arg6] : memref<4x8xf32>
        %2 = arith.subf %0, %1 : f32
        memref.store %2, %alloc_0[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg5 = %c0 to %c8 step %c1 {
      %0 = memref.load %arg2[%arg5] : memref<8xf32, strided<[?], offset: ?>>
      %1 = arith.addf %0, %cst : f32
      memref.store %1, %alloc_1[%arg5] : memref<8xf32>
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg5 = %c0 to %c8 step %c1 {
      %0 = memref.load %alloc_1[%arg5] : memref<8xf32>
      %1 = math.rsqrt %0 : f32
      memref.store %1, %alloc_2[%arg5] : memref<8xf32>
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_2[%arg6] : memref<8xf32>
        memref.store %0, %alloc_3[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_0[%arg5, %arg6] : memref<4x8xf32>
        %1 = memref.load %alloc_3[%arg5, %arg6] : memref<4x8xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_4[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg3[%arg6] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %0, %alloc_5[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_4[%arg5, %arg6] : memref<4x8xf32>
        %1 = memref.load %alloc_5[%arg5, %arg6] : memref<4x8xf32>
        %2 = arith.mulf %0, %1 : f32
        memref.store %2, %alloc_6[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %arg4[%arg6] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %0, %alloc_7[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %0 = memref.load %alloc_6[%arg5, %arg6] : memref<4x8xf32>
        %1 = memref.load %alloc_7[%arg5, %arg6] : memref<4x8xf32>
        %2 = arith.addf %0, %1 : f32
        memref.store %2, %alloc_8[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    return %alloc_8 : memref<4x8xf32>
  }
}

