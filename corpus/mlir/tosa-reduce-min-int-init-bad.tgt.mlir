module {
  func.func @f(%arg0: tensor<6x5xi8>) -> tensor<6x1xi8> {
    %0 = tensor.empty() : tensor<6xi8>
    %c127_i8 = arith.constant 126 : i8
    %1 = linalg.fill ins(%c127_i8 : i8) outs(%0 : tensor<6xi8>) -> tensor<6xi8>
    %reduced = linalg.reduce ins(%arg0 : tensor<6x5xi8>) outs(%1 : tensor<6xi8>) dimensions = [1] 
      (%in: i8, %init: i8) {
        %2 = arith.minsi %in, %init : i8
        linalg.yield %2 : i8
      }
    %expanded = tensor.expand_shape %reduced [[0, 1]] output_shape [6, 1] : tensor<6xi8> into tensor<6x1xi8>
    return %expanded : tensor<6x1xi8>
  }
}

