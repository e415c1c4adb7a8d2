func.func @f(%x: tensor<32x64xf32>, %y: tensor<64x48xf32>) -> tensor<32x48xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %xm = bufferization.to_memref %x : memref<32x64xf32, strided<[?, ?], offset: ?>>
  %ym = bufferization.to_memref %y : memref<64x48xf32, strided<[?, ?], offset: ?>>
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<32x48xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c48 step %c1 {
      memref.store %zero, %alloc[%i, %j] : memref<32x48xf32>
    }
  }
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c48 step %c1 {
      scf.for %k = %c0 to %c64 step %c1 {
        %p = memref.load %xm[%i, %k] : memref<32x64xf32, strided<[?, ?], offset: ?>>
        %q = memref.load %ym[%k, %j] : memref<64x48xf32, strided<[?, ?], offset: ?>>
        %acc = memref.load %alloc[%i, %j] : memref<32x48xf32>
        %m = arith.mulf %p, %q : f32
        %s = arith.addf %acc, %m : f32
        memref.store %s, %alloc[%i, %j] : memref<32x48xf32>
      }
    }
  }
  %t = bufferization.to_tensor %alloc : memref<32x48xf32>
  return %t : tensor<32x48xf32>
}
