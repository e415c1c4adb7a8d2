// tools/mlir_real.py: batch_norm, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
module @jit_batch_norm {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<8xf32>) -> tensor<4x8xf32> {
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 9.99999974E-6 : f32
    %0 = bufferization.to_memref %arg4 : memref<8xf32, strided<[?], offset: ?>>
    %1 = bufferization.to_memref %arg3 : memref<8xf32, strided<[?], offset: ?>>
    %2 = bufferization.to_memref %arg2 : memref<8xf32, strided<[?], offset: ?>>
    %3 = bufferization.to_memref %arg0 : memref<4x8xf32, strided<[?, ?], offset: ?>>
    %4 = bufferization.to_memref %arg1 : memref<8xf32, strided<[?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %4[%arg6] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %6, %alloc[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %3[%arg5, %arg6] : memref<4x8xf32, strided<[?, ?], offset: ?>>
        %7 = memref.load %alloc[%arg5, %arg6] : memref<4x8xf32>
        %8 = arith.subf %6, %7 : f32
        memref.store %8, %alloc_0[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg5 = %c0 to %c8 step %c1 {
      %6 = memref.load %2[%arg5] : memref<8xf32, strided<[?], offset: ?>>
      %7 = arith.addf %6, %cst : f32
      memref.store %7, %alloc_1[%arg5] : memref<8xf32>
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    scf.for %arg5 = %c0 to %c8 step %c1 {
      %6 = memref.load %alloc_1[%arg5] : memref<8xf32>
      %7 = math.rsqrt %6 : f32
      memref.store %7, %alloc_2[%arg5] : memref<8xf32>
    }
    %alloc_3 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_2[%arg6] : memref<8xf32>
        memref.store %6, %alloc_3[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_4 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_0[%arg5, %arg6] : memref<4x8xf32>
        %7 = memref.load %alloc_3[%arg5, %arg6] : memref<4x8xf32>
        %8 = arith.mulf %6, %7 : f32
        memref.store %8, %alloc_4[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_5 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %1[%arg6] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %6, %alloc_5[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_6 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_4[%arg5, %arg6] : memref<4x8xf32>
        %7 = memref.load %alloc_5[%arg5, %arg6] : memref<4x8xf32>
        %8 = arith.mulf %6, %7 : f32
        memref.store %8, %alloc_6[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_7 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %0[%arg6] : memref<8xf32, strided<[?], offset: ?>>
        memref.store %6, %alloc_7[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %alloc_8 = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
    scf.for %arg5 = %c0 to %c4 step %c1 {
      scf.for %arg6 = %c0 to %c8 step %c1 {
        %6 = memref.load %alloc_6[%arg5, %arg6] : memref<4x8xf32>
        %7 = memref.load %alloc_7[%arg5, %arg6] : memref<4x8xf32>
        %8 = arith.addf %6, %7 : f32
        memref.store %8, %alloc_8[%arg5, %arg6] : memref<4x8xf32>
      }
    }
    %5 = bufferization.to_tensor %alloc_8 : memref<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}

