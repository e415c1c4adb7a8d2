// tools/mlir_real.py: gelu_erf, canonicalize step with arith.addf -> arith.subf at line 44
#map = affine_map<(d0, d1) -> (d0, d1)>
module @jit_gelu_erf {
  func.func public @main(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 1.12837911 : f32
    %cst_0 = arith.constant -0.37612626 : f32
    %cst_1 = arith.constant 0.112835854 : f32
    %cst_2 = arith.constant -0.0268538129 : f32
    %cst_3 = arith.constant 0.00518832775 : f32
    %cst_4 = arith.constant -8.0101937E-4 : f32
    %cst_5 = arith.constant 7.85386146E-5 : f32
    %cst_6 = arith.constant 0.000000e+00 : f32
    %cst_7 = arith.constant -88.7228394 : f32
    %cst_8 = arith.constant 0.564189494 : f32
    %cst_9 = arith.constant -0.282076746 : f32
    %cst_10 = arith.constant 0.42184633 : f32
    %cst_11 = arith.constant -1.01526523 : f32
    %cst_12 = arith.constant 2.92101908 : f32
    %cst_13 = arith.constant -7.49551868 : f32
    %cst_14 = arith.constant 1.297720e+01 : f32
    %cst_15 = arith.constant -10.477664 : f32
    %cst_16 = arith.constant 0.563825965 : f32
    %cst_17 = arith.constant -0.274112701 : f32
    %cst_18 = arith.constant 3.404880e-01 : f32
    %cst_19 = arith.constant -0.494451523 : f32
    %cst_20 = arith.constant 0.621000468 : f32
    %cst_21 = arith.constant -0.582473278 : f32
    %cst_22 = arith.constant 0.368742466 : f32
    %cst_23 = arith.constant -0.138703942 : f32
    %cst_24 = arith.constant 2.326820e-02 : f32
    %cst_25 = arith.constant 2.000000e+00 : f32
    %cst_26 = arith.constant 1.000000e+00 : f32
    %cst_27 = arith.constant 0.707106769 : f32
    %cst_28 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.negf %in : f32
      %3 = arith.mulf %2, %cst_27 : f32
      %4 = arith.mulf %3, %3 : f32
      %5 = math.absf %3 : f32
      %6 = arith.negf %4 : f32
      %7 = arith.divf %cst_26, %4 : f32
      %8 = arith.mulf %7, %cst_15 : f32
      %9 = arith.subf %8, %cst_14 : f32
      %10 = arith.mulf %9, %7 : f32
      %11 = arith.addf %10, %cst_13 : f32
      %12 = arith.mulf %11, %7 : f32
      %13 = arith.addf %12, %cst_12 : f32
      %14 = arith.mulf %13, %7 : f32
      %15 = arith.addf %14, %cst_11 : f32
      %16 = arith.mulf %15, %7 : f32
      %17 = arith.addf %16, %cst_10 : f32
      %18 = arith.mulf %17, %7 : f32
      %19 = arith.addf %18, %cst_9 : f32
      %20 = arith.mulf %19, %7 : f32
      %21 = arith.addf %20, %cst_8 : f32
      %22 = arith.mulf %7, %cst_24 : f32
      %23 = arith.addf %22, %cst_23 : f32
      %24 = arith.mulf %23, %7 : f32
      %25 = arith.addf %24, %cst_22 : f32
      %26 = arith.mulf %25, %7 : f32
      %27 = arith.addf %26, %cst_21 : f32
      %28 = arith.mulf %27, %7 : f32
      %29 = arith.addf %28, %cst_20 : f32
      %30 = arith.mulf %29, %7 : f32
      %31 = arith.addf %30, %cst_19 : f32
      %32 = arith.mulf %31, %7 : f32
      %33 = arith.addf %32, %cst_18 : f32
      %34 = arith.mulf %33, %7 : f32
      %35 = arith.addf %34, %cst_17 : f32
      %36 = arith.mulf %35, %7 : f32
      %37 = arith.addf %36, %cst_16 : f32
      %38 = arith.cmpf olt, %5, %cst_25 : f32
      %39 = arith.select %38, %37, %21 : f32
      %40 = arith.divf %cst_26, %5 : f32
      %41 = math.exp %6 : f32
      %42 = arith.mulf %41, %40 : f32
      %43 = arith.mulf %42, %39 : f32
      %44 = arith.cmpf olt, %6, %cst_7 : f32
      %45 = arith.select %44, %cst_6, %43 : f32
      %46 = arith.subf %cst_25, %45 : f32
      %47 = arith.cmpf olt, %3, %cst_6 : f32
      %48 = arith.select %47, %46, %45 : f32
      %49 = arith.mulf %4, %cst_5 : f32
      %50 = arith.addf %49, %cst_4 : f32
      %51 = arith.mulf %50, %4 : f32
      %52 = arith.addf %51, %cst_3 : f32
      %53 = arith.mulf %52, %4 : f32
      %54 = arith.addf %53, %cst_2 : f32
      %55 = arith.mulf %54, %4 : f32
      %56 = arith.addf %55, %cst_1 : f32
      %57 = arith.mulf %56, %4 : f32
      %58 = arith.addf %57, %cst_0 : f32
      %59 = arith.mulf %58, %4 : f32
      %60 = arith.addf %59, %cst : f32
      %61 = arith.mulf %3, %60 : f32
      %62 = arith.subf %cst_26, %61 : f32
      %63 = arith.cmpf olt, %5, %cst_26 : f32
      %64 = arith.select %63, %62, %48 : f32
      %65 = arith.mulf %in, %cst_28 : f32
      %66 = arith.mulf %65, %64 : f32
      linalg.yield %66 : f32
    } -> tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

