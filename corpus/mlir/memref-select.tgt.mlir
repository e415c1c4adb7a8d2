func.func @f(%c: i1, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %ma = bufferization.to_memref %a : memref<?xf32>
  %mb = bufferization.to_memref %b : memref<?xf32>
  %m = arith.select %c, %ma, %mb : memref<?xf32>
  %r = bufferization.to_tensor %m : memref<?xf32>
  return %r : tensor<?xf32>
}
