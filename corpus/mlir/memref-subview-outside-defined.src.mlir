// expect: refuted
// A subview reaching outside its source is not UB by itself (mlir-tv: `subview_inbounds-noub`):
// the source is defined and returns 0, the target 1.
func.func @f(%m: memref<4x4xf32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %v = memref.subview %m[4, 0] [1, 1] [1, 1] : memref<4x4xf32> to memref<1x1xf32, strided<[4, 1], offset: 16>>
  return %c0 : i32
}
