#map = affine_map<()[s0] -> (s0 + 6)>
#map1 = affine_map<()[s0] -> (s0 + 1)>
module {
  func.func @f(%arg0: tensor<3x2xf32>, %arg1: tensor<3x?xf32>, %arg2: tensor<3x4xf32>) -> tensor<3x?xf32> {
    %c1 = arith.constant 1 : index
    %dim = tensor.dim %arg1, %c1 : tensor<3x?xf32>
    %0 = affine.apply #map()[%dim]
    %1 = tensor.empty(%0) : tensor<3x?xf32>
    %dim_0 = tensor.dim %arg1, %c1 : tensor<3x?xf32>
    %2 = affine.apply #map1()[%dim_0]
    %inserted_slice = tensor.insert_slice %arg0 into %1[0, 0] [3, 2] [1, 1] : tensor<3x2xf32> into tensor<3x?xf32>
    %dim_1 = tensor.dim %arg1, %c1 : tensor<3x?xf32>
    %inserted_slice_2 = tensor.insert_slice %arg1 into %inserted_slice[0, 2] [3, %dim_1] [1, 1] : tensor<3x?xf32> into tensor<3x?xf32>
    %inserted_slice_3 = tensor.insert_slice %arg2 into %inserted_slice_2[0, %2] [3, 4] [1, 1] : tensor<3x4xf32> into tensor<3x?xf32>
    return %inserted_slice_3 : tensor<3x?xf32>
  }
}

