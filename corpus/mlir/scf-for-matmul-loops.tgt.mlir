func.func @f(%A: tensor<4x3xi32>, %B: tensor<3x5xi32>, %C: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %b = bufferization.to_memref %B : memref<3x5xi32>
  %a = bufferization.to_memref %A : memref<4x3xi32>
  %c = bufferization.to_memref %C : memref<4x5xi32>
  %out = memref.alloc() : memref<4x5xi32>
  memref.copy %c, %out : memref<4x5xi32> to memref<4x5xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      scf.for %k = %c0 to %c3 step %c1 {
        %x = memref.load %a[%i, %k] : memref<4x3xi32>
        %y = memref.load %b[%k, %j] : memref<3x5xi32>
        %o = memref.load %out[%i, %j] : memref<4x5xi32>
        %p = arith.muli %x, %y : i32
        %s = arith.addi %o, %p : i32
        memref.store %s, %out[%i, %j] : memref<4x5xi32>
      }
    }
  }
  %t = bufferization.to_tensor %out : memref<4x5xi32>
  return %t : tensor<4x5xi32>
}
