// tools/mlir_real.py: max_pool, mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops
#map = affine_map<(d0, d1) -> (d0 * 2 + d1)>
module @jit_max_pool {
  func.func public @main(%arg0: memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>) -> memref<1x3x3x3xf32> {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0xFF800000 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<1x3x3x3xf32>
    scf.for %arg1 = %c0 to %c1 step %c1 {
      scf.for %arg2 = %c0 to %c3 step %c1 {
        scf.for %arg3 = %c0 to %c3 step %c1 {
          scf.for %arg4 = %c0 to %c3 step %c1 {
            memref.store %cst, %alloc[%arg1, %arg2, %arg3, %arg4] : memref<1x3x3x3xf32>
          }
        }
      }
    }
    scf.for %arg1 = %c0 to %c1 step %c1 {
      scf.for %arg2 = %c0 to %c3 step %c1 {
        scf.for %arg3 = %c0 to %c3 step %c1 {
          scf.for %arg4 = %c0 to %c3 step %c1 {
            scf.for %arg5 = %c0 to %c2 step %c1 {
              scf.for %arg6 = %c0 to %c2 step %c1 {
                %0 = affine.apply #map(%arg2, %arg5)
                %1 = affine.apply #map(%arg3, %arg6)
                %2 = memref.load %arg0[%arg1, %0, %1, %arg4] : memref<1x6x6x3xf32, strided<[?, ?, ?, ?], offset: ?>>
                %3 = memref.load %alloc[%arg1, %arg2, %arg3, %arg4] : memref<1x3x3x3xf32>
                %4 = arith.maximumf %3, %2 : f32
                memref.store %4, %alloc[%arg1, %arg2, %arg3, %arg4] : memref<1x3x3x3xf32>
              }
            }
          }
        }
      }
    }
    return %alloc : memref<1x3x3x3xf32>
  }
}

