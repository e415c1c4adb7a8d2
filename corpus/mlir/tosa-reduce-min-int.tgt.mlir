module {
  func.func @f(%arg0: tensor<6x5xi32>) -> (tensor<1x5xi32>, tensor<6x1xi32>) {
    %0 = tensor.empty() : tensor<5xi32>
    %c2147483647_i32 = arith.constant 2147483647 : i32
    %1 = linalg.fill ins(%c2147483647_i32 : i32) outs(%0 : tensor<5xi32>) -> tensor<5xi32>
    %reduced = linalg.reduce ins(%arg0 : tensor<6x5xi32>) outs(%1 : tensor<5xi32>) dimensions = [0] 
      (%in: i32, %init: i32) {
        %4 = arith.minsi %in, %init : i32
        linalg.yield %4 : i32
      }
    %expanded = tensor.expand_shape %reduced [[0, 1]] output_shape [1, 5] : tensor<5xi32> into tensor<1x5xi32>
    %2 = tensor.empty() : tensor<6xi32>
    %c2147483647_i32_0 = arith.constant 2147483647 : i32
    %3 = linalg.fill ins(%c2147483647_i32_0 : i32) outs(%2 : tensor<6xi32>) -> tensor<6xi32>
    %reduced_1 = linalg.reduce ins(%arg0 : tensor<6x5xi32>) outs(%3 : tensor<6xi32>) dimensions = [1] 
      (%in: i32, %init: i32) {
        %4 = arith.minsi %in, %init : i32
        linalg.yield %4 : i32
      }
    %expanded_2 = tensor.expand_shape %reduced_1 [[0, 1]] output_shape [6, 1] : tensor<6xi32> into tensor<6x1xi32>
    return %expanded, %expanded_2 : tensor<1x5xi32>, tensor<6x1xi32>
  }
}

