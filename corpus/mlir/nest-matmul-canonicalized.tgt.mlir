module {
  func.func @f(%arg0: tensor<32x64xf32>, %arg1: tensor<64x48xf32>) -> tensor<32x48xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %cst = arith.constant 0.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<32x48xf32>
    scf.for %arg2 = %c0 to %c32 step %c1 {
      scf.for %arg3 = %c0 to %c48 step %c1 {
        memref.store %cst, %alloc[%arg2, %arg3] : memref<32x48xf32>
      }
    }
    scf.for %arg2 = %c0 to %c32 step %c1 {
      scf.for %arg3 = %c0 to %c48 step %c1 {
        scf.for %arg4 = %c0 to %c64 step %c1 {
          %extracted = tensor.extract %arg0[%arg2, %arg4] : tensor<32x64xf32>
          %extracted_0 = tensor.extract %arg1[%arg4, %arg3] : tensor<64x48xf32>
          %1 = memref.load %alloc[%arg2, %arg3] : memref<32x48xf32>
          %2 = arith.mulf %extracted, %extracted_0 : f32
          %3 = arith.addf %1, %2 : f32
          memref.store %3, %alloc[%arg2, %arg3] : memref<32x48xf32>
        }
      }
    }
    %0 = bufferization.to_tensor %alloc : memref<32x48xf32>
    return %0 : tensor<32x48xf32>
  }
}

