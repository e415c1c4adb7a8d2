//! Property test: for every supported op, the symbolic and the concrete semantics agree.
//!
//! Each case is a small MLIR function. On random inputs it runs concretely (IEEE floats), and
//! symbolically; the symbolic terms are then evaluated with `smt::eval_term` under the same
//! inputs, interpreting the float functions (`addf_f32`, `cmpf_olt_f32`, ...) as IEEE
//! arithmetic on bit patterns. UB, shapes, definedness and every element must agree.

use mlirsem::all_indices;
use mlirsem::eval::run_function;
use mlirsem::value::{Elem, SVal, Tensor, Val};
use mlirsem::{CFloat, EType, FTy};
use proptest::prelude::*;
use smt::{eval_term, FunId, ModelReader, Sort, Store, SymId, TermId, Value};
use std::collections::BTreeMap;
use std::rc::Rc;
use symbolic::Sym;
use tensor::Concrete;

const CASES: &[&str] = &[
    "func.func @f(%v: tensor<6x5xi8>, %w: tensor<4x4xi8>) -> (tensor<2x2xi8>, tensor<4x4xi8>) {
       %c1 = arith.constant 1 : index
       %c2 = arith.constant 2 : index
       %c3 = arith.constant 3 : index
       %s = tensor.extract_slice %v[%c1, %c2] [2, %c2] [%c2, %c1] : tensor<6x5xi8> to tensor<2x?xi8>
       %r = tensor.cast %s : tensor<2x?xi8> to tensor<2x2xi8>
       %i = tensor.insert_slice %r into %w[%c1, 0] [2, 2] [%c2, %c2] : tensor<2x2xi8> into tensor<4x4xi8>
       return %r, %i : tensor<2x2xi8>, tensor<4x4xi8> }",
    "func.func @f(%t: tensor<2x3xi8>, %p: i8, %i: index, %j: index) -> (tensor<4x4xi8>, tensor<3x2xi8>, index, index, index) {
       %0 = tensor.pad %t low[1, 0] high[1, 1] {
       ^bb0(%a: index, %b: index):
         %s = arith.muli %a, %b : index
         %v = arith.index_cast %s : index to i8
         %w = arith.addi %v, %p : i8
         tensor.yield %w : i8
       } : tensor<2x3xi8> to tensor<4x4xi8>
       %1 = tensor.generate {
       ^bb0(%a: index, %b: index):
         %v = arith.index_cast %b : index to i8
         %w = arith.subi %p, %v : i8
         tensor.yield %w : i8
       } : tensor<3x2xi8>
       %2 = affine.apply affine_map<(d0, d1) -> (d0 floordiv 3 + d1 * 2)>(%i, %j)
       %3 = affine.apply affine_map<(d0)[s0] -> ((d0 - s0) mod 5)>(%i)[%j]
       %4 = affine.apply affine_map<(d0) -> (d0 ceildiv 2)>(%i)
       return %0, %1, %2, %3, %4 : tensor<4x4xi8>, tensor<3x2xi8>, index, index, index }",
    "func.func @f(%x: f32, %y: f64, %t: tensor<3xf32>, %u: tensor<2xf64>) -> (f32, f64, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf64>, f32, f32, f32) {
       %0 = math.absf %x : f32
       %1 = math.exp %y : f64
       %2 = \"tosa.exp\"(%t) : (tensor<3xf32>) -> tensor<3xf32>
       %3 = \"tosa.abs\"(%t) : (tensor<3xf32>) -> tensor<3xf32>
       %4 = \"tosa.reciprocal\"(%t) : (tensor<3xf32>) -> tensor<3xf32>
       %5 = math.absf %u : tensor<2xf64>
       %m = arith.mulf %x, %x : f32
       %n = arith.negf %m : f32
       %6 = math.absf %n : f32
       %inf = arith.constant 0xFF800000 : f32
       %7 = math.exp %inf : f32
       %q = arith.divf %x, %m : f32
       %8 = math.absf %q : f32
       return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f64, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf64>, f32, f32, f32 }",
    "func.func @f(%x: f32, %y: f32, %z: f32, %t: tensor<3xf64>) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, tensor<3xf64>, tensor<3xf64>, f32, f32) {
       %0 = math.sqrt %x : f32
       %1 = math.rsqrt %x : f32
       %2 = math.log1p %x : f32
       %3 = math.tanh %y : f32
       %4 = math.erf %y : f32
       %5 = math.copysign %x, %y : f32
       %6 = math.fma %x, %y, %z : f32
       %7 = math.powf %x, %y : f32
       %8 = math.atan2 %x, %y : f32
       %9 = math.floor %x : f32
       %10 = math.roundeven %y : f32
       %11 = math.round %y : f32
       %12 = math.expm1 %z : f32
       %13 = math.log %t : tensor<3xf64>
       %14 = math.cos %t : tensor<3xf64>
       %zero = arith.constant -0.0 : f32
       %15 = math.tanh %zero : f32
       %nan = arith.constant 0x7FC00000 : f32
       %16 = math.log %nan : f32
       return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, tensor<3xf64>, tensor<3xf64>, f32, f32 }",
    "func.func @f(%x: f32, %y: f32, %a: i8, %b: i8, %t: tensor<3xf64>, %u: tensor<3xf64>) -> (f32, f32, i8, i8, i8, i8, tensor<3xf64>, f32, f32) {
       %0 = arith.maximumf %x, %y : f32
       %1 = arith.minimumf %x, %y : f32
       %2 = arith.maxsi %a, %b : i8
       %3 = arith.minsi %a, %b : i8
       %4 = arith.maxui %a, %b : i8
       %5 = arith.minui %a, %b : i8
       %6 = arith.maximumf %t, %u : tensor<3xf64>
       %z = arith.constant 0.0 : f32
       %mz = arith.constant -0.0 : f32
       %7 = arith.maximumf %mz, %z : f32
       %8 = arith.minimumf %z, %mz : f32
       return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f32, i8, i8, i8, i8, tensor<3xf64>, f32, f32 }",
    "func.func @f(%i: tensor<1x4x4x2xf32>, %w: tensor<2x2xf32>, %o: tensor<1x3x3x2xf32>, %q: tensor<1x4x4x2xi8>, %p: tensor<1x3x3x2xi8>, %r: tensor<2x3xi16>, %s: tensor<2xi16>) -> (tensor<1x3x3x2xf32>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xi8>, tensor<2xi16>) {
       %0 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%o : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
       %1 = linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%q, %w : tensor<1x4x4x2xi8>, tensor<2x2xf32>) outs(%p : tensor<1x3x3x2xi8>) -> tensor<1x3x3x2xi8>
       %2 = linalg.pooling_nhwc_max_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%q, %w : tensor<1x4x4x2xi8>, tensor<2x2xf32>) outs(%p : tensor<1x3x3x2xi8>) -> tensor<1x3x3x2xi8>
       %3 = linalg.pooling_nhwc_min_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%q, %w : tensor<1x4x4x2xi8>, tensor<2x2xf32>) outs(%p : tensor<1x3x3x2xi8>) -> tensor<1x3x3x2xi8>
       %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = [\"parallel\", \"reduction\"]} ins(%r : tensor<2x3xi16>) outs(%s : tensor<2xi16>) {
       ^bb0(%in: i16, %out: i16):
         %m = arith.maxsi %out, %in : i16
         linalg.yield %m : i16
       } -> tensor<2xi16>
       return %0, %1, %2, %3, %4 : tensor<1x3x3x2xf32>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xi8>, tensor<2xi16> }",
    "func.func @f(%a: tensor<2x1x3xi8>, %b: tensor<6xi8>, %c: tensor<1x1xi8>) -> (tensor<6xi8>, tensor<2x3xi8>, tensor<3x1x2xi8>, tensor<i8>, tensor<1x1x1xi8>) {
       %0 = tensor.collapse_shape %a [[0, 1, 2]] : tensor<2x1x3xi8> into tensor<6xi8>
       %1 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x1x3xi8> into tensor<2x3xi8>
       %2 = tensor.expand_shape %b [[0, 1, 2]] output_shape [3, 1, 2] : tensor<6xi8> into tensor<3x1x2xi8>
       %3 = tensor.collapse_shape %c [] : tensor<1x1xi8> into tensor<i8>
       %4 = tensor.expand_shape %3 [] output_shape [1, 1, 1] : tensor<i8> into tensor<1x1x1xi8>
       return %0, %1, %2, %3, %4 : tensor<6xi8>, tensor<2x3xi8>, tensor<3x1x2xi8>, tensor<i8>, tensor<1x1x1xi8> }",
    "func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
       %0 = arith.addf %a, %b : tensor<3xf32>
       %1 = arith.subf %a, %b : tensor<3xf32>
       %2 = arith.mulf %a, %b : tensor<3xf32>
       %3 = arith.divf %a, %b : tensor<3xf32>
       %4 = arith.negf %a : tensor<3xf32>
       return %0, %1, %2, %3, %4 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> }",
    "func.func @f(%x: f32, %y: f32) -> (i1, i1, i1, i1, f32) {
       %0 = arith.cmpf olt, %x, %y : f32
       %1 = arith.cmpf ueq, %x, %y : f32
       %2 = arith.cmpf one, %x, %y : f32
       %3 = arith.cmpf uno, %x, %y : f32
       %4 = arith.select %0, %x, %y : f32
       return %0, %1, %2, %3, %4 : i1, i1, i1, i1, f32 }",
    "func.func @f(%x: f32, %y: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
       %0 = arith.cmpf oeq, %x, %y : f32
       %1 = arith.cmpf ogt, %x, %y : f32
       %2 = arith.cmpf oge, %x, %y : f32
       %3 = arith.cmpf olt, %x, %y : f32
       %4 = arith.cmpf ole, %x, %y : f32
       %5 = arith.cmpf ord, %x, %y : f32
       %6 = arith.cmpf ugt, %x, %y : f32
       %7 = arith.cmpf uge, %x, %y : f32
       %8 = arith.cmpf ult, %x, %y : f32
       %9 = arith.cmpf ule, %x, %y : f32
       %10 = arith.cmpf une, %x, %y : f32
       %z = arith.constant -0.0 : f32
       %11 = arith.cmpf oeq, %z, %x : f32
       %12 = arith.cmpf ole, %x, %x : f32
       %13 = arith.cmpf ult, %x, %x : f32
       %14 = arith.cmpf ueq, %x, %x : f32
       %15 = arith.cmpf false, %x, %y : f32
       return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1 }",
    "func.func @f(%x: f32, %y: f64) -> (f32, f32, f32, f32, f32, f32, f32, f64, f32, f64, f32, i1) {
       %mz = arith.constant -0.0 : f32
       %one = arith.constant 1.0 : f32
       %m1 = arith.constant -1.0 : f32
       %nan = arith.constant 0x7FC00001 : f32
       %c3 = arith.constant 3.0 : f32
       %0 = arith.addf %x, %mz : f32
       %1 = arith.mulf %one, %x : f32
       %2 = arith.divf %x, %m1 : f32
       %3 = arith.subf %x, %c3 : f32
       %4 = arith.mulf %nan, %x : f32
       %5 = arith.divf %c3, %m1 : f32
       %6 = arith.truncf %y : f64 to f32
       %7 = arith.extf %x : f32 to f64
       %8 = arith.truncf %7 : f64 to f32
       %9 = arith.extf %6 : f32 to f64
       %10 = arith.negf %nan : f32
       %11 = arith.cmpf ueq, %nan, %c3 : f32
       return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f32, f32, f32, f32, f64, f32, f64, f32, i1 }",
    "func.func @f(%x: i8, %y: i8, %b: i1) -> (i8, i8, i8, f32, f64, f32) {
       %0 = arith.shli %x, %y : i8
       %1 = arith.shrsi %x, %y : i8
       %2 = arith.shrui %x, %y : i8
       %3 = arith.sitofp %x : i8 to f32
       %4 = arith.uitofp %x : i8 to f64
       %5 = arith.uitofp %b : i1 to f32
       return %0, %1, %2, %3, %4, %5 : i8, i8, i8, f32, f64, f32 }",
    "func.func @f(%x: i8, %y: i8) -> (i8, i8, i8, i8, i8, i8, i8) {
       %0 = arith.divsi %x, %y : i8
       %1 = arith.divui %x, %y : i8
       %2 = arith.remsi %x, %y : i8
       %3 = arith.remui %x, %y : i8
       %4 = arith.ceildivsi %x, %y : i8
       %5 = arith.ceildivui %x, %y : i8
       %6 = arith.floordivsi %x, %y : i8
       return %0, %1, %2, %3, %4, %5, %6 : i8, i8, i8, i8, i8, i8, i8 }",
    "func.func @f(%a: tensor<2x3xi8>, %b: tensor<3xi8>, %c: tensor<2x1xi8>, %p: tensor<2x3xi1>) -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x3xi8>) {
       %0 = \"tosa.add\"(%a, %b) : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
       %1 = \"tosa.sub\"(%c, %a) : (tensor<2x1xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
       %2 = \"tosa.mul\"(%a, %c) {shift = 0 : i8} : (tensor<2x3xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>
       %3 = \"tosa.bitwise_and\"(%a, %b) : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
       %4 = \"tosa.bitwise_xor\"(%a, %c) : (tensor<2x3xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>
       %5 = \"tosa.negate\"(%a) : (tensor<2x3xi8>) -> tensor<2x3xi8>
       %6 = \"tosa.maximum\"(%a, %b) : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
       %7 = \"tosa.greater\"(%a, %c) : (tensor<2x3xi8>, tensor<2x1xi8>) -> tensor<2x3xi1>
       %8 = \"tosa.select\"(%p, %a, %c) : (tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>
       %9 = \"tosa.bitwise_or\"(%a, %a) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
       return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x3xi8> }",
    "func.func @f(%a: tensor<2x3xf32>, %i: tensor<1x2xi32>, %x: i16, %y: i16) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<4x3xf32>, tensor<1x2xf32>, tensor<4x6xf32>, tensor<1x2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, i16, i16) {
       %perm = \"tosa.const\"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
       %0 = \"tosa.transpose\"(%a, %perm) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
       %1 = \"tosa.reshape\"(%a) {new_shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
       %2 = \"tosa.reverse\"(%a) {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
       %3 = \"tosa.concat\"(%a, %a) {axis = 0 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
       %4 = \"tosa.slice\"(%a) {start = array<i64: 1, 1>, size = array<i64: 1, 2>} : (tensor<2x3xf32>) -> tensor<1x2xf32>
       %5 = \"tosa.tile\"(%a) {multiples = array<i64: 2, 2>} : (tensor<2x3xf32>) -> tensor<4x6xf32>
       %r = \"tosa.reshape\"(%a) {new_shape = array<i64: 1, 3, 2>} : (tensor<2x3xf32>) -> tensor<1x3x2xf32>
       %6 = \"tosa.gather\"(%r, %i) : (tensor<1x3x2xf32>, tensor<1x2xi32>) -> tensor<1x2x2xf32>
       %g = \"tosa.reshape\"(%a) {new_shape = array<i64: 1, 2, 3>} : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
       %7 = \"tosa.sub\"(%a, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
       %8 = \"tosa.greater_equal\"(%a, %7) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
       %9 = arith.xori %x, %y : i16
       %10 = arith.andi %x, %y : i16
       return %0, %1, %2, %3, %4, %5, %g, %7, %8, %9, %10 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<4x3xf32>, tensor<1x2xf32>, tensor<4x6xf32>, tensor<1x2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, i16, i16 }",
    "func.func @f() -> (tensor<2x3xi32>, tensor<2xf32>, tensor<3xi16>) {
       %0 = arith.constant sparse<[[0, 1], [1, 2]], [5, -7]> : tensor<2x3xi32>
       %1 = arith.constant dense<\"0x0000803F00000040\"> : tensor<2xf32>
       %2 = arith.constant dense<\"0x0100\"> : tensor<3xi16>
       return %0, %1, %2 : tensor<2x3xi32>, tensor<2xf32>, tensor<3xi16> }",
    "func.func @g(%t: tensor<2x2xi8>, %i: index) -> i8 {
       %c0 = arith.constant 0 : index
       %v = tensor.extract %t[%i, %c0] : tensor<2x2xi8>
       return %v : i8 }
     func.func @f(%x: i8, %y: i8, %i: index) -> (tensor<2x2xi8>, i8) {
       %t = tensor.from_elements %x, %y, %y, %x : tensor<2x2xi8>
       %v = func.call @g(%t, %i) : (tensor<2x2xi8>, index) -> i8
       return %t, %v : tensor<2x2xi8>, i8 }",
    "func.func @f(%x: i8, %y: i8) -> (i8, i8, i8, i1, i1, i1, i1) {
       %0 = arith.addi %x, %y : i8
       %1 = arith.subi %x, %y : i8
       %2 = arith.muli %x, %y : i8
       %3 = arith.cmpi slt, %x, %y : i8
       %4 = arith.cmpi ult, %x, %y : i8
       %5 = arith.cmpi uge, %x, %y : i8
       %6 = arith.cmpi ne, %x, %y : i8
       return %0, %1, %2, %3, %4, %5, %6 : i8, i8, i8, i1, i1, i1, i1 }",
    "func.func @f(%x: i8, %b: i1, %c: i1) -> (i32, i32, i4, index, index, i8, i8, i1, i1) {
       %0 = arith.extsi %x : i8 to i32
       %1 = arith.extui %x : i8 to i32
       %2 = arith.trunci %x : i8 to i4
       %3 = arith.index_cast %x : i8 to index
       %4 = arith.index_castui %x : i8 to index
       %5 = arith.extsi %b : i1 to i8
       %6 = arith.extui %b : i1 to i8
       %7 = arith.xori %b, %c : i1
       %8 = arith.addi %b, %c : i1
       return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i4, index, index, i8, i8, i1, i1 }",
    "func.func @f(%t: tensor<4x3xi16>, %i: index, %j: index, %v: i16) -> (i16, tensor<4x3xi16>, index) {
       %0 = tensor.extract %t[%i, %j] : tensor<4x3xi16>
       %1 = tensor.insert %v into %t[%j, %i] : tensor<4x3xi16>
       %2 = tensor.dim %t, %i : tensor<4x3xi16>
       return %0, %1, %2 : i16, tensor<4x3xi16>, index }",
    "func.func @f(%t: tensor<6x5xf64>, %s: tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<6x5xf64>, tensor<3xf64>, tensor<?x5xf64>) {
       %0 = tensor.extract_slice %t[1, 0] [2, 2] [2, 3] : tensor<6x5xf64> to tensor<2x2xf64>
       %1 = tensor.insert_slice %s into %t[0, 1] [2, 2] [3, 2] : tensor<2x2xf64> into tensor<6x5xf64>
       %2 = tensor.extract_slice %t[2, 1] [1, 3] [1, 1] : tensor<6x5xf64> to tensor<3xf64>
       %3 = tensor.cast %t : tensor<6x5xf64> to tensor<?x5xf64>
       return %0, %1, %2, %3 : tensor<2x2xf64>, tensor<6x5xf64>, tensor<3xf64>, tensor<?x5xf64> }",
    "#id = affine_map<(d0, d1) -> (d0, d1)>
     #tr = affine_map<(d0, d1) -> (d1, d0)>
     #row = affine_map<(d0, d1) -> (d1)>
     func.func @f(%a: tensor<2x3xi32>, %r: tensor<2xi32>, %x: i32) -> (tensor<3x2xi32>, tensor<3x2xi32>) {
       %e = tensor.empty() : tensor<3x2xi32>
       %0 = linalg.generic {indexing_maps = [#tr, #row, #id], iterator_types = [\"parallel\", \"parallel\"]}
           ins(%a, %r : tensor<2x3xi32>, tensor<2xi32>) outs(%e : tensor<3x2xi32>) {
       ^bb0(%p: i32, %q: i32, %o: i32):
         %i = linalg.index 1 : index
         %ii = arith.index_cast %i : index to i32
         %s = arith.addi %p, %q : i32
         %m = arith.muli %s, %ii : i32
         linalg.yield %m : i32
       } -> tensor<3x2xi32>
       %1 = linalg.fill ins(%x : i32) outs(%e : tensor<3x2xi32>) -> tensor<3x2xi32>
       return %0, %1 : tensor<3x2xi32>, tensor<3x2xi32> }",
    // linalg.generic beyond projected permutations (body.rs): a body reading another tensor
    // with tensor.extract (out of bounds at some loop points when %k), an input map that is
    // not a projected permutation, a loop-invariant generic nested in a body, and a reduction
    // whose output map has a constant (elements off it keep their initial value).
    "#id = affine_map<(d0, d1) -> (d0, d1)>
     func.func @f(%t: tensor<4x3xi8>, %u: tensor<7xi8>, %k: i1, %a: tensor<2x3xi16>, %s: tensor<2x3xi16>) -> (tensor<4x3xi8>, tensor<3x2xi8>, tensor<2x3xi8>, tensor<2x3xi16>) {
       %e = tensor.empty() : tensor<4x3xi8>
       %c0 = arith.constant 0 : index
       %c1 = arith.constant 1 : index
       %off = arith.select %k, %c1, %c0 : index
       %0 = linalg.generic {indexing_maps = [#id], iterator_types = [\"parallel\", \"parallel\"]} outs(%e : tensor<4x3xi8>) {
       ^bb0(%o: i8):
         %i = linalg.index 0 : index
         %j = linalg.index 1 : index
         %c3 = arith.constant 3 : index
         %r = arith.subi %c3, %i : index
         %rj = arith.addi %j, %off : index
         %v = tensor.extract %t[%r, %rj] : tensor<4x3xi8>
         linalg.yield %v : i8
       } -> tensor<4x3xi8>
       %f = tensor.empty() : tensor<3x2xi8>
       %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, #id], iterator_types = [\"parallel\", \"parallel\"]}
           ins(%u : tensor<7xi8>) outs(%f : tensor<3x2xi8>) {
       ^bb0(%x: i8, %o: i8):
         linalg.yield %x : i8
       } -> tensor<3x2xi8>
       %g = tensor.empty() : tensor<2x3xi8>
       %2 = linalg.generic {indexing_maps = [#id], iterator_types = [\"parallel\", \"parallel\"]} outs(%g : tensor<2x3xi8>) {
       ^bb0(%o: i8):
         %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #id], iterator_types = [\"parallel\", \"parallel\"]}
             ins(%1 : tensor<3x2xi8>) outs(%g : tensor<2x3xi8>) {
         ^bb0(%x: i8, %o2: i8):
           %d = arith.addi %x, %x : i8
           linalg.yield %d : i8
         } -> tensor<2x3xi8>
         %i = linalg.index 0 : index
         %j = linalg.index 1 : index
         %v = tensor.extract %n[%i, %j] : tensor<2x3xi8>
         linalg.yield %v : i8
       } -> tensor<2x3xi8>
       %3 = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0, 1)>], iterator_types = [\"parallel\", \"reduction\"]}
           ins(%a : tensor<2x3xi16>) outs(%s : tensor<2x3xi16>) {
       ^bb0(%x: i16, %acc: i16):
         %m = arith.addi %x, %acc : i16
         linalg.yield %m : i16
       } -> tensor<2x3xi16>
       return %0, %1, %2, %3 : tensor<4x3xi8>, tensor<3x2xi8>, tensor<2x3xi8>, tensor<2x3xi16> }",
    "func.func @f(%i: index) -> (tensor<2x2xi8>, i8, tensor<3xf32>, tensor<2xf32>) {
       %c = arith.constant dense<[[1, -2], [300, 4]]> : tensor<2x2xi8>
       %z = arith.constant 0 : index
       %v = tensor.extract %c[%z, %i] : tensor<2x2xi8>
       %f = arith.constant dense<1.5> : tensor<3xf32>
       %e = tensor.empty() : tensor<2xf32>
       return %c, %v, %f, %e : tensor<2x2xi8>, i8, tensor<3xf32>, tensor<2xf32> }",
    "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2x2xf32>, %x: tensor<3xi8>, %y: tensor<3xi8>, %s: tensor<i32>, %p: tensor<2xf32>, %w: tensor<3xf32>) -> (tensor<2x2xf32>, tensor<i32>, tensor<2xf32>, tensor<2xf32>) {
       %0 = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
       %1 = linalg.dot ins(%x, %y : tensor<3xi8>, tensor<3xi8>) outs(%s : tensor<i32>) -> tensor<i32>
       %2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i)>], iterator_types = [\"parallel\", \"reduction\"]}
           ins(%b : tensor<3x2xf32>) outs(%p : tensor<2xf32>) {
       ^bb0(%v: f32, %acc: f32):
         %m = arith.mulf %acc, %v : f32
         linalg.yield %m : f32
       } -> tensor<2xf32>
       %z = arith.constant -0.0 : f32
       %e = tensor.empty() : tensor<2xf32>
       %f = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
       %3 = linalg.matvec ins(%a, %w : tensor<2x3xf32>, tensor<3xf32>) outs(%f : tensor<2xf32>) -> tensor<2xf32>
       return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<i32>, tensor<2xf32>, tensor<2xf32> }",
    "func.func @f(%i: tensor<1x4x4x2xf32>, %w: tensor<2x2x2x2xf32>, %o: tensor<1x2x2x2xf32>, %q: tensor<1x3x3x2x1xi32>, %qi: tensor<1x4x4x2xi8>, %qw: tensor<2x2x2x1xi8>, %pw: tensor<2x2xf32>, %po: tensor<1x3x3x2xf32>, %bm: tensor<2x3x2xf32>, %bv: tensor<2x2xf32>, %bo: tensor<2x3xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x3x3x2x1xi32>, tensor<1x3x3x2xf32>, tensor<2x3xf32>) {
       %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%i, %w : tensor<1x4x4x2xf32>, tensor<2x2x2x2xf32>) outs(%o : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
       %1 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%qi, %qw : tensor<1x4x4x2xi8>, tensor<2x2x2x1xi8>) outs(%q : tensor<1x3x3x2x1xi32>) -> tensor<1x3x3x2x1xi32>
       %2 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %pw : tensor<1x4x4x2xf32>, tensor<2x2xf32>) outs(%po : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
       %3 = linalg.batch_matvec ins(%bm, %bv : tensor<2x3x2xf32>, tensor<2x2xf32>) outs(%bo : tensor<2x3xf32>) -> tensor<2x3xf32>
       return %0, %1, %2, %3 : tensor<1x2x2x2xf32>, tensor<1x3x3x2x1xi32>, tensor<1x3x3x2xf32>, tensor<2x3xf32> }",
    "func.func @f(%x: tensor<1x4x3x2xf32>, %w: tensor<2x2x2x2xf32>, %b: tensor<2xf32>, %dw: tensor<2x2x2x2xf32>, %db: tensor<4xf32>, %fx: tensor<2x3xi32>, %fw: tensor<2x3xi32>, %fb: tensor<1xi32>) -> (tensor<1x2x3x2xf32>, tensor<1x3x2x4xf32>, tensor<2x2xi32>, tensor<1x3x2xf32>) {
       %0 = \"tosa.conv2d\"(%x, %w, %b) {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 1, 0>, stride = array<i64: 2, 1>} : (tensor<1x4x3x2xf32>, tensor<2x2x2x2xf32>, tensor<2xf32>) -> tensor<1x2x3x2xf32>
       %1 = \"tosa.depthwise_conv2d\"(%x, %dw, %db) {dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x3x2xf32>, tensor<2x2x2x2xf32>, tensor<4xf32>) -> tensor<1x3x2x4xf32>
       %2 = \"tosa.fully_connected\"(%fx, %fw, %fb) : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<1xi32>) -> tensor<2x2xi32>
       %3 = \"tosa.reduce_sum\"(%x) {axis = 3 : i32} : (tensor<1x4x3x2xf32>) -> tensor<1x4x3x1xf32>
       %4 = \"tosa.reduce_sum\"(%x) {axis = 1 : i32} : (tensor<1x4x3x2xf32>) -> tensor<1x1x3x2xf32>
       %r = \"tosa.reshape\"(%4) {new_shape = array<i64: 1, 3, 2>} : (tensor<1x1x3x2xf32>) -> tensor<1x3x2xf32>
       return %0, %1, %2, %r : tensor<1x2x3x2xf32>, tensor<1x3x2x4xf32>, tensor<2x2xi32>, tensor<1x3x2xf32> }",
    // tosa pooling (pool.rs): padding that takes no part, strides, float and integer maxima,
    // the average over the elements outside the padding; a rank-reducing slice of unit dims.
    "func.func @f(%x: tensor<1x4x3x2xf32>, %q: tensor<1x3x3x1xi8>) -> (tensor<1x3x2x2xf32>, tensor<1x2x2x1xi8>, tensor<1x4x3x2xf32>, tensor<1x2xf32>) {
       %0 = \"tosa.max_pool2d\"(%x) {kernel = array<i64: 2, 2>, pad = array<i64: 1, 1, 1, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x3x2xf32>) -> tensor<1x3x2x2xf32>
       %1 = \"tosa.max_pool2d\"(%q) {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x3x3x1xi8>) -> tensor<1x2x2x1xi8>
       %2 = \"tosa.avg_pool2d\"(%x) {kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, acc_type = f32} : (tensor<1x4x3x2xf32>) -> tensor<1x4x3x2xf32>
       %3 = tensor.extract_slice %x[0, 1, 2, 0] [1, 1, 1, 2] [1, 1, 1, 1] : tensor<1x4x3x2xf32> to tensor<1x2xf32>
       return %0, %1, %2, %3 : tensor<1x3x2x2xf32>, tensor<1x2x2x1xi8>, tensor<1x4x3x2xf32>, tensor<1x2xf32> }",
    // memory (memory.rs): alloc/alloca, store/load in and out of bounds, fill and dim on a
    // buffer, uninitialized cells (poison), to_tensor snapshots, dealloc.
    "func.func @f(%v: f32, %w: f32, %i: index, %j: index) -> (f32, f32, index, tensor<4xf32>, tensor<4xf32>) {
       %m = memref.alloc() : memref<4xf32>
       %c0 = arith.constant 0 : index
       %c1 = arith.constant 1 : index
       memref.store %v, %m[%i] : memref<4xf32>
       %t0 = bufferization.to_tensor %m : memref<4xf32>
       %n = memref.alloc() : memref<4xf32>
       memref.copy %m, %n : memref<4xf32> to memref<4xf32>
       memref.store %w, %n[%c0] : memref<4xf32>
       %x = memref.load %n[%j] : memref<4xf32>
       %a = memref.alloca() : memref<2x2xf32>
       linalg.fill ins(%w : f32) outs(%a : memref<2x2xf32>)
       memref.store %v, %a[%c1, %c0] : memref<2x2xf32>
       %y = memref.load %a[%c1, %j] : memref<2x2xf32>
       %d = memref.dim %a, %c1 : memref<2x2xf32>
       %t1 = bufferization.to_tensor %n : memref<4xf32>
       memref.dealloc %n : memref<4xf32>
       return %x, %y, %d, %t0, %t1 : f32, f32, index, tensor<4xf32>, tensor<4xf32> }",
    // memory: to_memref, constant globals, copy, clone, a buffer of dynamic size (0 or 1).
    "memref.global \"private\" constant @g : memref<3xi32> = dense<[7, 8, 9]>
     func.func @f(%t: tensor<3xi32>, %i: index, %v: i32, %k: i1) -> (i32, i32, tensor<3xi32>, tensor<3xi32>) {
       %m = bufferization.to_memref %t : memref<3xi32>
       %x = memref.load %m[%i] : memref<3xi32>
       %g = memref.get_global @g : memref<3xi32>
       %y = memref.load %g[%i] : memref<3xi32>
       %b = memref.alloc() : memref<3xi32>
       memref.copy %g, %b : memref<3xi32> to memref<3xi32>
       memref.store %v, %b[%i] : memref<3xi32>
       %c = bufferization.clone %b : memref<3xi32> to memref<3xi32>
       %tb = bufferization.to_tensor %c : memref<3xi32>
       %tm = bufferization.to_tensor %m : memref<3xi32>
       %c0 = arith.constant 0 : index
       %c1 = arith.constant 1 : index
       %p = arith.select %k, %c0, %c1 : index
       %e = memref.alloc(%p) : memref<?xi32>
       linalg.fill ins(%v : i32) outs(%e : memref<?xi32>)
       return %x, %y, %tb, %tm : i32, i32, tensor<3xi32>, tensor<3xi32> }",
    // memory: linalg ops on buffers (their tensor meaning written back), partly uninitialized
    // inputs, a matmul accumulating into a buffer.
    "func.func @f(%t: tensor<2x2xi32>, %u: tensor<2x2xi32>, %i: index, %v: i32) -> (tensor<2x2xi32>, tensor<2x2xi32>) {
       %a = bufferization.to_memref %t : memref<2x2xi32>
       %b = memref.alloc() : memref<2x2xi32>
       memref.store %v, %b[%i, %i] : memref<2x2xi32>
       %o = memref.alloc() : memref<2x2xi32>
       linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\"]}
           ins(%a, %b : memref<2x2xi32>, memref<2x2xi32>) outs(%o : memref<2x2xi32>) {
       ^bb0(%x: i32, %y: i32, %z: i32):
         %s = arith.addi %x, %y : i32
         linalg.yield %s : i32
       }
       %c = bufferization.to_memref %u : memref<2x2xi32>
       %acc = memref.alloc() : memref<2x2xi32>
       linalg.fill ins(%v : i32) outs(%acc : memref<2x2xi32>)
       linalg.matmul ins(%a, %c : memref<2x2xi32>, memref<2x2xi32>) outs(%acc : memref<2x2xi32>)
       %r0 = bufferization.to_tensor %o : memref<2x2xi32>
       %r1 = bufferization.to_tensor %acc : memref<2x2xi32>
       return %r0, %r1 : tensor<2x2xi32>, tensor<2x2xi32> }",
    // memory: views (strided subview written point by point, collapse and expand of a
    // contiguous buffer), a subview reaching outside its block (UB only when accessed).
    "func.func @f(%t: tensor<3x4xf32>, %v: f32, %i: index, %j: index, %o: index) -> (f32, f32, tensor<3x4xf32>) {
       %a = memref.alloc() : memref<3x4xf32>
       %m = bufferization.to_memref %t : memref<3x4xf32>
       memref.copy %m, %a : memref<3x4xf32> to memref<3x4xf32>
       %s = memref.subview %a[1, 0][2, 2][1, 2] : memref<3x4xf32> to memref<2x2xf32, strided<[4, 2], offset: 4>>
       linalg.fill ins(%v : f32) outs(%s : memref<2x2xf32, strided<[4, 2], offset: 4>>)
       %f = memref.collapse_shape %a [[0, 1]] : memref<3x4xf32> into memref<12xf32>
       %x = memref.load %f[%i] : memref<12xf32>
       %e = memref.expand_shape %f [[0, 1, 2]] output_shape [2, 3, 2] : memref<12xf32> into memref<2x3x2xf32>
       %c1 = arith.constant 1 : index
       %y0 = memref.subview %a[%o, 0][1, 4][1, 1] : memref<3x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
       %c0 = arith.constant 0 : index
       %y = memref.load %y0[%c0, %j] : memref<1x4xf32, strided<[4, 1], offset: ?>>
       %r = bufferization.to_tensor %a : memref<3x4xf32>
       return %x, %y, %r : f32, f32, tensor<3x4xf32> }",
    // shape.shape_of / to_extent_tensor, sparse_tensor.convert, a global with a sparse literal.
    "memref.global \"private\" constant @g : memref<2x3xi8> = sparse<[[0, 2], [1, 0]], [5, -3]>
     func.func @f(%t: tensor<2x3xi8>, %i: index) -> (tensor<2xindex>, tensor<2x3xi8>, i8, tensor<2x3xi8>) {
       %s = shape.shape_of %t : tensor<2x3xi8> -> tensor<?xindex>
       %e = shape.to_extent_tensor %s : tensor<?xindex> -> tensor<2xindex>
       %c = sparse_tensor.convert %t : tensor<2x3xi8> to tensor<2x3xi8, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>>
       %d = sparse_tensor.convert %c : tensor<2x3xi8, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>> to tensor<2x3xi8>
       %c0 = arith.constant 0 : index
       %x = tensor.extract %c[%c0, %i] : tensor<2x3xi8, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>>
       %m = memref.get_global @g : memref<2x3xi8>
       %r = bufferization.to_tensor %m : memref<2x3xi8>
       return %e, %d, %x, %r : tensor<2xindex>, tensor<2x3xi8>, i8, tensor<2x3xi8> }",
    // External calls, both domains without a model: every call's key is the default (-1 in
    // the concrete domain, the `Reader` below), whose results are zeros (dynamic dims 0).
    "func.func private @g(i32, tensor<2xf32>) -> (f32, tensor<3xi1>, tensor<?xi8>)
     func.func @f(%a: i32, %t: tensor<2xf32>) -> (f32, tensor<3xi1>, tensor<?xi8>, f32) {
       %x, %y, %z = func.call @g(%a, %t) : (i32, tensor<2xf32>) -> (f32, tensor<3xi1>, tensor<?xi8>)
       %u = arith.addf %x, %x : f32
       return %x, %y, %z, %u : f32, tensor<3xi1>, tensor<?xi8>, f32 }",
    // control (control.rs): scf.for unrolled, with iter args, stores into a buffer, a
    // step that does not divide the range, a loop of no iteration; reads of uninitialized
    // cells (UB) through a load, a copy and an extract of a to_tensor result.
    "func.func @f(%t: tensor<5xi8>, %v: i8, %i: index, %j: index) -> (i8, tensor<5xi8>, i8, i8, i8) {
       %c0 = arith.constant 0 : index
       %c1 = arith.constant 1 : index
       %c2 = arith.constant 2 : index
       %c5 = arith.constant 5 : index
       %m = memref.alloc() : memref<5xi8>
       %s = scf.for %k = %c0 to %c5 step %c2 iter_args(%a = %v) -> (i8) {
         %x = tensor.extract %t[%k] : tensor<5xi8>
         %y = arith.muli %a, %x : i8
         memref.store %y, %m[%k] : memref<5xi8>
         scf.yield %y : i8
       }
       %z = scf.for %k = %c5 to %c0 step %c1 iter_args(%a = %v) -> (i8) {
         %y = arith.addi %a, %a : i8
         scf.yield %y : i8
       }
       %l = memref.load %m[%i] : memref<5xi8>
       %n = memref.alloc() : memref<5xi8>
       memref.copy %m, %n : memref<5xi8> to memref<5xi8>
       %tm = bufferization.to_tensor %m : memref<5xi8>
       %e = tensor.extract %tm[%j] : tensor<5xi8>
       return %s, %tm, %z, %l, %e : i8, tensor<5xi8>, i8, i8, i8 }",
    // scf.if with stores in its branches (the memory merged by the condition), a branch
    // without a yield, a store out of bounds in one branch only (UB only on its side).
    "func.func @f(%c: i1, %v: i8, %w: i8, %i: index, %j: index) -> (i8, i8) {
       %m = memref.alloc() : memref<3xi8>
       %c0 = arith.constant 0 : index
       %c1 = arith.constant 1 : index
       %c2 = arith.constant 2 : index
       memref.store %v, %m[%c0] : memref<3xi8>
       memref.store %v, %m[%c1] : memref<3xi8>
       memref.store %v, %m[%c2] : memref<3xi8>
       scf.if %c {
         memref.store %w, %m[%i] : memref<3xi8>
       } else {
         %x = arith.addi %w, %v : i8
         memref.store %x, %m[%c1] : memref<3xi8>
       }
       %a = memref.load %m[%j] : memref<3xi8>
       %r = scf.if %c -> i8 {
         scf.yield %a : i8
       } else {
         %y = memref.load %m[%c1] : memref<3xi8>
         scf.yield %y : i8
       }
       return %a, %r : i8, i8 }",
    // linalg.map (long and short form), memref.cast with a static size that may not hold,
    // a linalg op reading a tensor.empty (UB, in one branch) and one only writing it.
    "func.func @f(%a: tensor<3xi8>, %b: tensor<3xi8>, %k: i1, %i: index, %v: i8) -> (tensor<3xi8>, tensor<3xi8>, i8, tensor<i8>) {
       %c2 = arith.constant 2 : index
       %c3 = arith.constant 3 : index
       %n = arith.select %k, %c2, %c3 : index
       %m = memref.alloc(%n) : memref<?xi8>
       linalg.fill ins(%v : i8) outs(%m : memref<?xi8>)
       %e = tensor.empty() : tensor<3xi8>
       %0 = linalg.map { arith.subi } ins(%a, %b : tensor<3xi8>, tensor<3xi8>) outs(%e : tensor<3xi8>)
       %1 = linalg.map ins(%a : tensor<3xi8>) outs(%e : tensor<3xi8>)
         (%x: i8) {
           %y = arith.muli %x, %x : i8
           linalg.yield %y : i8
         }
       %c = memref.cast %m : memref<?xi8> to memref<2xi8>
       %2 = memref.load %c[%i] : memref<2xi8>
       %z = tensor.empty() : tensor<i8>
       %3 = scf.if %k -> tensor<i8> {
         %d = linalg.dot ins(%a, %b : tensor<3xi8>, tensor<3xi8>) outs(%z : tensor<i8>) -> tensor<i8>
         scf.yield %d : tensor<i8>
       } else {
         %f = linalg.fill ins(%v : i8) outs(%z : tensor<i8>) -> tensor<i8>
         scf.yield %f : tensor<i8>
       }
       return %0, %1, %2, %3 : tensor<3xi8>, tensor<3xi8>, i8, tensor<i8> }",
    // Overflow flags: poison in both domains where the exact result does not fit.
    "func.func @f(%a: i8, %b: i8, %t: tensor<3xi8>, %u: tensor<3xi8>, %i: index, %s: i8) -> (i8, i8, i8, i8, i8, i8, tensor<3xi8>, tensor<3xi8>, index, i8, i8) {
       %c2 = arith.constant 2 : i8
       %c3 = arith.constant 3 : index
       %0 = arith.addi %a, %b overflow<nsw> : i8
       %1 = arith.addi %a, %b overflow<nuw> : i8
       %2 = arith.subi %a, %b overflow<nsw, nuw> : i8
       %3 = arith.muli %a, %b overflow<nsw> : i8
       %4 = arith.muli %a, %b overflow<nuw> : i8
       %5 = \"arith.subi\"(%a, %b) <{overflowFlags = #arith.overflow<nuw>}> : (i8, i8) -> i8
       %6 = arith.addi %t, %u overflow<nsw> : tensor<3xi8>
       %7 = arith.muli %t, %u overflow<nuw> : tensor<3xi8>
       %8 = arith.shli %i, %c3 overflow<nsw> : index
       %9 = arith.shli %a, %c2 overflow<nsw> : i8
       %10 = arith.shli %a, %s overflow<nuw> : i8
       return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i8, i8, i8, i8, i8, i8, tensor<3xi8>, tensor<3xi8>, index, i8, i8 }",
    // nnan/ninf: poison on a NaN/infinite operand or result; to_nearest_even is the default.
    "func.func @f(%x: f32, %y: f32, %t: tensor<3xf32>, %d: f64) -> (f32, f32, f32, i1, f32, f32, tensor<3xf32>, f32, f64, f32, f32) {
       %0 = arith.addf %x, %y fastmath<nnan> : f32
       %1 = arith.mulf %x, %y fastmath<ninf> : f32
       %2 = arith.divf %x, %y fastmath<nnan,ninf> : f32
       %3 = arith.cmpf olt, %x, %y fastmath<nnan> : f32
       %4 = arith.maximumf %x, %y fastmath<ninf> : f32
       %5 = math.absf %x fastmath<nnan> : f32
       %6 = arith.subf %t, %t fastmath<nnan> : tensor<3xf32>
       %7 = arith.negf %y fastmath<ninf> : f32
       %8 = arith.extf %x fastmath<nnan> : f32 to f64
       %9 = arith.truncf %d to_nearest_even fastmath<ninf> : f64 to f32
       %10 = math.exp %x fastmath<ninf> : f32
       return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : f32, f32, f32, i1, f32, f32, tensor<3xf32>, f32, f64, f32, f32 }",
    // Loop nests over buffers (`crate::nest`): a fill and a float accumulation (matmul), an
    // integer maximum into a rank-0 buffer (every loop a reduction).
    "func.func @f(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>, %b: tensor<4xi8>) -> (tensor<2x2xf32>, tensor<i8>) {
       %c0 = arith.constant 0 : index
       %c1 = arith.constant 1 : index
       %c2 = arith.constant 2 : index
       %c3 = arith.constant 3 : index
       %c4 = arith.constant 4 : index
       %zero = arith.constant 0.000000e+00 : f32
       %lo = arith.constant -128 : i8
       %xm = bufferization.to_memref %x : memref<2x3xf32>
       %ym = bufferization.to_memref %y : memref<3x2xf32>
       %bm = bufferization.to_memref %b : memref<4xi8>
       %a = memref.alloc() : memref<2x2xf32>
       scf.for %i = %c0 to %c2 step %c1 {
         scf.for %j = %c0 to %c2 step %c1 {
           memref.store %zero, %a[%i, %j] : memref<2x2xf32>
         }
       }
       scf.for %i = %c0 to %c2 step %c1 {
         scf.for %j = %c0 to %c2 step %c1 {
           scf.for %k = %c0 to %c3 step %c1 {
             %p = memref.load %xm[%i, %k] : memref<2x3xf32>
             %q = memref.load %ym[%k, %j] : memref<3x2xf32>
             %acc = memref.load %a[%i, %j] : memref<2x2xf32>
             %m = arith.mulf %p, %q : f32
             %s = arith.addf %acc, %m : f32
             memref.store %s, %a[%i, %j] : memref<2x2xf32>
           }
         }
       }
       %mx = memref.alloc() : memref<i8>
       memref.store %lo, %mx[] : memref<i8>
       scf.for %k = %c0 to %c4 step %c1 {
         %v = memref.load %bm[%k] : memref<4xi8>
         %acc = memref.load %mx[] : memref<i8>
         %s = arith.maxsi %v, %acc : i8
         memref.store %s, %mx[] : memref<i8>
       }
       %r = bufferization.to_tensor %a : memref<2x2xf32>
       %t = bufferization.to_tensor %mx : memref<i8>
       return %r, %t : tensor<2x2xf32>, tensor<i8> }",
    // A write of part of a buffer, at an `affine.apply` index, reading the cell it writes
    // (before the nest), and one to a dynamic bound clamped at 0 (a negative one runs nothing).
    "func.func @f(%x: tensor<5xi8>, %n: index) -> (tensor<4xi8>, tensor<4xi8>) {
       %c0 = arith.constant 0 : index
       %c1 = arith.constant 1 : index
       %c3 = arith.constant 3 : index
       %c4 = arith.constant 4 : index
       %seven = arith.constant 7 : i8
       %xm = bufferization.to_memref %x : memref<5xi8>
       %a = memref.alloc() : memref<4xi8>
       scf.for %i = %c0 to %c4 step %c1 {
         memref.store %seven, %a[%i] : memref<4xi8>
       }
       scf.for %i = %c0 to %c3 step %c1 {
         %j = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
         %v = memref.load %xm[%j] : memref<5xi8>
         %o = memref.load %a[%i] : memref<4xi8>
         %w = arith.addi %v, %o : i8
         memref.store %w, %a[%i] : memref<4xi8>
       }
       %k = arith.minsi %n, %c3 : index
       %b = memref.alloc() : memref<4xi8>
       scf.for %i = %c0 to %c4 step %c1 {
         memref.store %seven, %b[%i] : memref<4xi8>
       }
       scf.for %i = %c0 to %k step %c1 {
         %v = memref.load %xm[%i] : memref<5xi8>
         %w = arith.muli %v, %v : i8
         memref.store %w, %b[%i] : memref<4xi8>
       }
       %r = bufferization.to_tensor %a : memref<4xi8>
       %t = bufferization.to_tensor %b : memref<4xi8>
       return %r, %t : tensor<4xi8>, tensor<4xi8> }",
    // A nest of 1,200 iterations (beyond unrolling: only the summary runs it): row sums.
    "func.func @f(%x: tensor<4x300xi16>) -> tensor<4xi16> {
       %c0 = arith.constant 0 : index
       %c1 = arith.constant 1 : index
       %c4 = arith.constant 4 : index
       %c300 = arith.constant 300 : index
       %z = arith.constant 0 : i16
       %xm = bufferization.to_memref %x : memref<4x300xi16>
       %a = memref.alloc() : memref<4xi16>
       scf.for %i = %c0 to %c4 step %c1 {
         memref.store %z, %a[%i] : memref<4xi16>
       }
       scf.for %i = %c0 to %c4 step %c1 {
         scf.for %k = %c0 to %c300 step %c1 {
           %v = memref.load %xm[%i, %k] : memref<4x300xi16>
           %acc = memref.load %a[%i] : memref<4xi16>
           %s = arith.addi %acc, %v : i16
           memref.store %s, %a[%i] : memref<4xi16>
         }
       }
       %r = bufferization.to_tensor %a : memref<4xi16>
       return %r : tensor<4xi16> }",
];

#[derive(Clone, Debug)]
enum Arg {
    Scalar(EType, mlirsem::CElem),
    Tensor(EType, Vec<i128>, Vec<mlirsem::CElem>),
}

fn elem_value(e: &mlirsem::CElem) -> Value {
    match e {
        mlirsem::CElem::Bool(b) => Value::Bool(*b),
        mlirsem::CElem::Int(i) => Value::Int(*i),
        mlirsem::CElem::Float(f) => Value::Int(f.bits as i128),
    }
}

fn random_elem(t: EType, r: u64) -> mlirsem::CElem {
    const F: [f64; 10] = [
        0.0,
        -0.0,
        1.0,
        -2.5,
        3.0,
        1e30,
        f64::INFINITY,
        f64::NAN,
        0.1,
        -7.0,
    ];
    match t {
        EType::Bool => mlirsem::CElem::Bool(r & 1 == 1),
        EType::Int(_) | EType::Index => {
            let w = t.width();
            let v = (r % 7) as i128 - 2 + if r % 3 == 0 { (r >> 8) as i128 } else { 0 };
            let half = 1i128 << (w - 1);
            mlirsem::CElem::Int((v + half).rem_euclid(1i128 << w) - half)
        }
        EType::Float(FTy::F64) => mlirsem::CElem::Float(CFloat::f64(F[(r % 10) as usize])),
        EType::Float(_) => mlirsem::CElem::Float(CFloat::f32(F[(r % 10) as usize] as f32)),
    }
}

/// Interprets argument symbols and functions, and the float functions as IEEE arithmetic.
struct Reader<'s> {
    store: &'s Store,
    args: &'s [Arg],
}

fn fbits(name: &str, v: &Value) -> f64 {
    let Value::Int(b) = v else { return 0.0 };
    if name.ends_with("f64") {
        f64::from_bits(*b as u64)
    } else {
        f32::from_bits(*b as u32) as f64
    }
}

impl ModelReader for Reader<'_> {
    fn sym(&mut self, s: SymId) -> Option<Value> {
        let name = self.store.sym_name(s);
        if name.starts_with("call_key") {
            return Some(Value::Int(-1));
        }
        let k: usize = name.strip_prefix("arg")?.parse().ok()?;
        match &self.args[k] {
            Arg::Scalar(_, e) => Some(elem_value(e)),
            Arg::Tensor(_, _, data) => data.first().map(elem_value),
        }
    }
    fn app(&mut self, f: FunId, args: &[Value]) -> Option<Value> {
        let name = self.store.fun_name(f).to_string();
        // External functions: the concrete domain's default, zeros.
        if name.starts_with("ext_") {
            let bool_valued = name.contains("_i1_");
            return Some(if bool_valued {
                Value::Bool(false)
            } else {
                Value::Int(0)
            });
        }
        if let Some(k) = name.strip_prefix("arg") {
            let Arg::Tensor(_, dims, data) = &self.args[k.parse::<usize>().ok()?] else {
                return None;
            };
            let mut off = 0i128;
            for (n, a) in dims.iter().zip(args) {
                let Value::Int(i) = a else { return None };
                if *i < 0 || i >= n {
                    return Some(Value::Int(0));
                }
                off = off * n + i;
            }
            return data.get(off as usize).map(elem_value);
        }
        if let Some((op, w)) = name.split_once("_i") {
            if let (Ok(w), true) = (w.parse::<u32>(), matches!(op, "andi" | "ori" | "xori")) {
                let (Value::Int(a), Value::Int(b)) = (&args[0], &args[1]) else {
                    return None;
                };
                let mask = (1u128 << w) - 1;
                let (x, y) = ((*a as u128) & mask, (*b as u128) & mask);
                let r = match op {
                    "andi" => x & y,
                    "ori" => x | y,
                    _ => x ^ y,
                };
                // The raw function value; the semantics wraps it to the width.
                return Some(Value::Int(r as i128));
            }
        }
        let f32ty = !name.ends_with("f64");
        let wrap = |x: f64| -> Value {
            if f32ty {
                Value::Int(CFloat::f32(x as f32).bits as i128)
            } else {
                Value::Int(CFloat::f64(x).bits as i128)
            }
        };
        let x = if name.starts_with("convf") || name.starts_with("itofp") {
            0.0
        } else {
            fbits(&name, &args[0])
        };
        let y = args.get(1).map(|a| fbits(&name, a)).unwrap_or(0.0);
        // Arithmetic in the operand type: f32 results are rounded by `wrap` (exact for one op).
        let (xf, yf) = (x as f32, y as f32);
        let arith = |op: &str| -> Value {
            if f32ty {
                wrap(match op {
                    "add" => xf + yf,
                    "sub" => xf - yf,
                    "mul" => xf * yf,
                    _ => xf / yf,
                } as f64)
            } else {
                wrap(match op {
                    "add" => x + y,
                    "sub" => x - y,
                    "mul" => x * y,
                    _ => x / y,
                })
            }
        };
        let uno = x.is_nan() || y.is_nan();
        Some(match name.split('_').collect::<Vec<_>>()[..] {
            ["addf", _] => arith("add"),
            ["subf", _] => arith("sub"),
            ["mulf", _] => arith("mul"),
            ["divf", _] => arith("div"),
            ["absf", _] => {
                let Value::Int(b) = args[0] else { return None };
                if x.is_nan() {
                    wrap(f64::NAN)
                } else {
                    Value::Int(b & !if f32ty { 1 << 31 } else { 1 << 63 })
                }
            }
            ["exp", _] => {
                if f32ty {
                    wrap(xf.exp() as f64)
                } else {
                    wrap(x.exp())
                }
            }
            ["negf", _] => {
                let Value::Int(b) = args[0] else { return None };
                Value::Int(b ^ if f32ty { 1 << 31 } else { 1 << 63 })
            }
            ["cmpf", "olt", _] => Value::Bool(!uno && x < y),
            ["cmpf", "ole", _] => Value::Bool(!uno && x <= y),
            ["cmpf", "oeq", _] => Value::Bool(!uno && x == y),
            ["isnan", _] => Value::Bool(x.is_nan()),
            ["convf", from, to] => {
                let Value::Int(b) = args[0] else { return None };
                let x = if from == "f64" {
                    f64::from_bits(b as u64)
                } else {
                    f32::from_bits(b as u32) as f64
                };
                if to == "f64" {
                    Value::Int(CFloat::f64(x).bits as i128)
                } else {
                    Value::Int(CFloat::f32(x as f32).bits as i128)
                }
            }
            ["itofp", to] => {
                let Value::Int(i) = args[0] else { return None };
                if to == "f64" {
                    Value::Int(CFloat::f64(i as f64).bits as i128)
                } else {
                    Value::Int(CFloat::f32(i as f32).bits as i128)
                }
            }
            [f, t] => {
                // The other `math` functions: the crate's own concrete definition.
                let f = mlirsem::FUn::of_name(f)?;
                let t = if t == "f64" { FTy::F64 } else { FTy::F32 };
                let bits: Option<Vec<u64>> = args
                    .iter()
                    .map(|a| match a {
                        Value::Int(b) => Some(*b as u64),
                        _ => None,
                    })
                    .collect();
                Value::Int(f.concrete(t, &bits?)? as i128)
            }
            _ => return None,
        })
    }
}

fn conc_args<'a>(args: &[Arg]) -> Vec<Val<'a, Concrete>> {
    let cargs: Vec<mlirsem::CArg> = args
        .iter()
        .map(|a| match a {
            Arg::Scalar(t, e) => mlirsem::CArg::Scalar(*t, *e),
            Arg::Tensor(t, d, x) => mlirsem::CArg::Tensor {
                ety: *t,
                dims: d.clone(),
                data: x.clone(),
            },
        })
        .collect();
    mlirsem::replay_values(&cargs)
}

fn sym_args<'a>(sym: &mut Sym, args: &[Arg]) -> Vec<Val<'a, Sym>> {
    let sort = |t: EType| {
        if t == EType::Bool {
            Sort::Bool
        } else {
            Sort::Int
        }
    };
    args.iter()
        .enumerate()
        .map(|(k, a)| match a {
            Arg::Scalar(t, _) => {
                let v = sym.store.var(&format!("arg{k}"), sort(*t));
                let e = match t {
                    EType::Bool => Elem::Bool(v),
                    EType::Float(_) => Elem::Float(v),
                    _ => Elem::Int(v),
                };
                let ok = sym.store.bool(true);
                Val::Scalar(SVal { v: e, ok }, *t)
            }
            Arg::Tensor(t, dims, _) => {
                let f = sym.store.declare_fun(
                    &format!("arg{k}"),
                    &vec![Sort::Int; dims.len()],
                    sort(*t),
                );
                let t = *t;
                let shape: Vec<TermId> = dims.iter().map(|n| sym.store.int(*n)).collect();
                let at: mlirsem::value::ElemFn<'a, Sym> =
                    Rc::new(move |d: &mut Sym, idx: &[TermId]| {
                        let raw = d.store.app(f, idx.to_vec());
                        let v = match t {
                            EType::Bool => Elem::Bool(raw),
                            EType::Float(_) => Elem::Float(raw),
                            _ => Elem::Int(raw),
                        };
                        SVal {
                            v,
                            ok: d.store.bool(true),
                        }
                    });
                Val::Tensor(Tensor { shape, ety: t, at })
            }
        })
        .collect()
}

fn show(e: &Elem<Concrete>) -> Value {
    match e {
        Elem::Bool(b) => Value::Bool(*b),
        Elem::Int(i) => Value::Int(*i),
        Elem::Float(f) => Value::Int(f.bits as i128),
    }
}

fn check_case(src: &str, seed: u64) -> Result<(), String> {
    let m = mlir::parse(src).map_err(|d| format!("{d:?}"))?;
    let (_, f) = m.functions().last().cloned().ok_or("no function")?;
    let types = match m.op(f).attr("function_type") {
        Some(mlir::Attr::Type(mlir::Type::Function { inputs, .. })) => inputs.clone(),
        _ => return Err("no type".into()),
    };
    let mut r = seed;
    let mut next = || {
        r = r
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        r >> 13
    };
    let args: Vec<Arg> = types
        .iter()
        .map(|t| {
            let (dims, ety) = mlirsem::eval::value_type(t).expect("type");
            match dims {
                None => Arg::Scalar(ety, random_elem(ety, next())),
                Some(d) => {
                    let dims: Vec<i128> = d
                        .iter()
                        .map(|x| match x {
                            mlir::Dim::Static(n) => *n as i128,
                            _ => 2,
                        })
                        .collect();
                    let n: i128 = dims.iter().product();
                    Arg::Tensor(
                        ety,
                        dims,
                        (0..n).map(|_| random_elem(ety, next())).collect(),
                    )
                }
            }
        })
        .collect();
    let mut cd = Concrete::default();
    let cr = run_function(&mut cd, &m, f, conc_args(&args)).map_err(|e| format!("{e:?}"))?;
    let mut sd = Sym::new(Store::new());
    let sargs = sym_args(&mut sd, &args);
    let sr = run_function(&mut sd, &m, f, sargs).map_err(|e| format!("{e:?}"))?;
    let ev = |sd: &Sym, t: TermId| {
        eval_term(
            &sd.store,
            t,
            &mut Reader {
                store: &sd.store,
                args: &args,
            },
        )
    };
    let sub = ev(&sd, sr.ub);
    if sub != Some(Value::Bool(cr.ub)) {
        return Err(format!("UB differs: concrete {}, symbolic {sub:?}", cr.ub));
    }
    for (what, c, s) in [
        ("per-element UB", &cr.ub_at, &sr.ub_at),
        ("per-element unsure", &cr.unsure_at, &sr.unsure_at),
    ] {
        if c.len() != s.len() {
            return Err(format!("{what}: {} conditions vs {}", c.len(), s.len()));
        }
        for (cu, su) in c.iter().zip(s) {
            for idx in all_indices(&cu.shape) {
                let cv = (cu.at)(&mut cd, &idx);
                let sidx: Vec<TermId> = idx.iter().map(|i| sd.store.int(*i)).collect();
                let st = (su.at)(&mut sd, &sidx);
                let sv = ev(&sd, st);
                if sv != Some(Value::Bool(cv)) {
                    return Err(format!(
                        "{what} ({}) at {idx:?}: concrete {cv}, symbolic {sv:?}",
                        cu.why
                    ));
                }
            }
        }
    }
    if cr.ub {
        return Ok(());
    }
    for (k, (c, s)) in cr.results.iter().zip(&sr.results).enumerate() {
        let pairs: Vec<(SVal<Concrete>, SVal<Sym>, Vec<i128>)> = match (c, s) {
            (Val::Scalar(x, _), Val::Scalar(y, _)) => vec![(x.clone(), y.clone(), vec![])],
            (Val::Tensor(x), Val::Tensor(y)) => {
                let sshape: Vec<Option<Value>> = y.shape.iter().map(|t| ev(&sd, *t)).collect();
                let cshape: Vec<Option<Value>> =
                    x.shape.iter().map(|n| Some(Value::Int(*n))).collect();
                if sshape != cshape {
                    return Err(format!(
                        "result {k}: shapes differ: {:?} vs {sshape:?}",
                        x.shape
                    ));
                }
                let mut out = vec![];
                for idx in all_indices(&x.shape) {
                    let cv = (x.at)(&mut cd, &idx);
                    let st: Vec<TermId> = idx.iter().map(|i| sd.store.int(*i)).collect();
                    let sv = (y.at)(&mut sd, &st);
                    out.push((cv, sv, idx));
                }
                out
            }
            _ => return Err("kinds differ".into()),
        };
        for (cv, sv, idx) in pairs {
            let sok = ev(&sd, sv.ok);
            if sok != Some(Value::Bool(cv.ok)) {
                return Err(format!(
                    "result {k} at {idx:?}: defined differs: {} vs {sok:?}",
                    cv.ok
                ));
            }
            if !cv.ok {
                continue;
            }
            let st = match &sv.v {
                Elem::Bool(t) | Elem::Int(t) | Elem::Float(t) => *t,
            };
            let got = ev(&sd, st);
            let want = show(&cv.v);
            let nan = |v: &Option<Value>| matches!(v, Some(Value::Int(b)) if f64::from_bits(*b as u64).is_nan() || f32::from_bits(*b as u32).is_nan() && *b < (1 << 32));
            if got != Some(want.clone()) && !(nan(&got) && nan(&Some(want.clone()))) {
                return Err(format!(
                    "result {k} at {idx:?}: concrete {want:?}, symbolic {got:?}"
                ));
            }
        }
    }
    if let Some(w) = sd.unsupported.or(cd.inexact) {
        return Err(format!("not modelled: {w}"));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn symbolic_and_concrete_agree(case in 0..CASES.len(), seed in any::<u64>()) {
        if let Err(e) = check_case(CASES[case], seed) {
            prop_assert!(false, "case {case}: {e}");
        }
    }
}

#[test]
fn every_case_runs() {
    for (k, c) in CASES.iter().enumerate() {
        for seed in 0..8 {
            check_case(c, seed).unwrap_or_else(|e| panic!("case {k} seed {seed}: {e}"));
        }
    }
    let _ = BTreeMap::<u8, u8>::new();
}
