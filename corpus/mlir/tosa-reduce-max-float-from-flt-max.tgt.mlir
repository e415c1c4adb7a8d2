module {
  func.func @f(%arg0: tensor<3x4xf32>) -> tensor<3x1xf32> {
    %0 = tensor.empty() : tensor<3xf32>
    %cst = arith.constant -3.40282347E+38 : f32
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3xf32>) -> tensor<3xf32>
    %reduced = linalg.reduce ins(%arg0 : tensor<3x4xf32>) outs(%1 : tensor<3xf32>) dimensions = [1] 
      (%in: f32, %init: f32) {
        %2 = arith.maximumf %in, %init : f32
        linalg.yield %2 : f32
      }
    %expanded = tensor.expand_shape %reduced [[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
    return %expanded : tensor<3x1xf32>
  }
}

