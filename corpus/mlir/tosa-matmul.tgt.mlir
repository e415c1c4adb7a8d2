module {
  func.func @f(%arg0: tensor<2x3x4xi8>, %arg1: tensor<2x4x5xi8>, %arg2: tensor<1x3x6xi16>, %arg3: tensor<1x6x2xi16>) -> (tensor<2x3x5xi32>, tensor<1x3x2xi48>) {
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<2x3x5xi32>
    %1 = linalg.fill ins(%c0_i32 : i32) outs(%0 : tensor<2x3x5xi32>) -> tensor<2x3x5xi32>
    %2 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x3x4xi8>, tensor<2x4x5xi8>) outs(%1 : tensor<2x3x5xi32>) -> tensor<2x3x5xi32>
    %c0_i48 = arith.constant 0 : i48
    %3 = tensor.empty() : tensor<1x3x2xi48>
    %4 = linalg.fill ins(%c0_i48 : i48) outs(%3 : tensor<1x3x2xi48>) -> tensor<1x3x2xi48>
    %5 = linalg.batch_matmul ins(%arg2, %arg3 : tensor<1x3x6xi16>, tensor<1x6x2xi16>) outs(%4 : tensor<1x3x2xi48>) -> tensor<1x3x2xi48>
    return %2, %5 : tensor<2x3x5xi32>, tensor<1x3x2xi48>
  }
}

