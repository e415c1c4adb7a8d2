// tools/mlir_real.py: conv_stride2_same, mlir-opt-19 --one-shot-bufferize --convert-linalg-to-loops
#map = affine_map<(d0, d1) -> (d0 * 2 + d1)>
module @jit_conv_stride2_same {
  func.func public @main(%arg0: tensor<1x6x6x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
    %c7 = arith.constant 7 : index
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = bufferization.to_memref %arg0 : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>
    %1 = bufferization.to_memref %arg1 : memref<3x3x3x4xf32, strided<[?, ?, ?, ?], offset: ?>>
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x4xf32>
    scf.for %arg2 = %c0 to %c1 step %c1 {
      scf.for %arg3 = %c0 to %c3 step %c1 {
        scf.for %arg4 = %c0 to %c3 step %c1 {
          scf.for %arg5 = %c0 to %c4 step %c1 {
            memref.store %cst, %alloc[%arg2, %arg3, %arg4, %arg5] : memref<1x3x3x4xf32>
          }
        }
      }
    }
    %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<1x7x7x3xf32>
    scf.for %arg2 = %c0 to %c1 step %c1 {
      scf.for %arg3 = %c0 to %c7 step %c1 {
        scf.for %arg4 = %c0 to %c7 step %c1 {
          scf.for %arg5 = %c0 to %c3 step %c1 {
            memref.store %cst, %alloc_0[%arg2, %arg3, %arg4, %arg5] : memref<1x7x7x3xf32>
          }
        }
      }
    }
    %subview = memref.subview %alloc_0[0, 0, 0, 0] [1, 6, 6, 3] [1, 1, 1, 1] : memref<1x7x7x3xf32> to memref<1x6x6x3xf32, strided<[147, 21, 3, 1]>>
    memref.copy %0, %subview : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>> to memref<1x6x6x3xf32, strided<[147, 21, 3, 1]>>
    scf.for %arg2 = %c0 to %c1 step %c1 {
      scf.for %arg3 = %c0 to %c3 step %c1 {
        scf.for %arg4 = %c0 to %c3 step %c1 {
          scf.for %arg5 = %c0 to %c4 step %c1 {
            scf.for %arg6 = %c0 to %c3 step %c1 {
              scf.for %arg7 = %c0 to %c3 step %c1 {
                scf.for %arg8 = %c0 to %c3 step %c1 {
                  %3 = affine.apply #map(%arg3, %arg6)
                  %4 = affine.apply #map(%arg4, %arg7)
                  %5 = memref.load %alloc_0[%arg2, %3, %4, %arg8] : memref<1x7x7x3xf32>
                  %6 = memref.load %1[%arg6, %arg7, %arg8, %arg5] : memref<3x3x3x4xf32, strided<[?, ?, ?, ?], offset: ?>>
                  %7 = memref.load %alloc[%arg2, %arg3, %arg4, %arg5] : memref<1x3x3x4xf32>
                  %8 = arith.mulf %5, %6 : f32
                  %9 = arith.addf %7, %8 : f32
                  memref.store %9, %alloc[%arg2, %arg3, %arg4, %arg5] : memref<1x3x3x4xf32>
                }
              }
            }
          }
        }
      }
    }
    %2 = bufferization.to_tensor %alloc : memref<1x3x3x4xf32>
    return %2 : tensor<1x3x3x4xf32>
  }
}

