//! The attributes each op's definition reads: no attribute is ignored silently.
//!
//! Every op the model defines declares here (one table, grouped by the file that defines the
//! op), the attribute names its definition reads: those with a meaning (`overflowFlags`, `fastmath`,
//! `roundingmode`, `shift`, ...), those that spell the op's structure (`predicate`, `value`,
//! `static_offsets`, `operandSegmentSizes`, ...), and those read only to be declared
//! meaning-free (`alignment`, `nontemporal`, `nofold`, `sym_visibility`: hints and symbol
//! properties that change no value, no UB and no result). Before a function runs (in both
//! domains), [`check_function`] looks at every attribute of it and of every op inside it: an
//! attribute no definition of its op declares makes the verdict unknown, "unsupported attribute
//! NAME on OP at FILE:LINE:COL". So a flag the parser keeps and the semantics does not read
//! (`overflow<nsw>` before it had a meaning, `{exact}` on a division, `{foo = 1}`) can never be
//! dropped on the way to a `verified`.
//!
//! A declared attribute's *value* is the reader's business: a definition that meets a value it
//! does not model (a `fastmath<contract>`, a rounding mode other than to-nearest-even, a
//! `cast_signed` it does not know) stops with an unknown of its own.
//!
//! `tests/attrs.rs` checks that every attribute name the sources read (`attr("NAME")` and the
//! helpers taking a name) is declared here for some op, that every name declared as read is
//! read by some source, and that an undeclared attribute gives unknown.

use crate::base::stop::{Stop, R};
use mlir::{Attr, Module, OpId, Operation};

/// How a definition uses a declared attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// Read: it selects the op's meaning or structure.
    Read,
    /// Read and declared without meaning for values, UB and results; the reason.
    MeaningFree(&'static str),
}

use Use::*;

const HINT: Use = MeaningFree("a hint to code generation: no value, UB or result depends on it");
const VISIBILITY: Use = MeaningFree("symbol visibility: a property of linking, not of values");

/// Per op (an exact name), the attributes its definition reads, by the file defining it.
/// Ops absent here read none.
#[rustfmt::skip]
pub const DECLARED: &[(&str, &[(&str, Use)])] = &[
    // driver/check.rs, eval/mod.rs: functions and calls
    ("func.func", &[("sym_name", Read), ("function_type", Read), ("sym_visibility", VISIBILITY)]),
    ("func.call", &[("callee", Read)]),
    // ops/consts.rs, ops/arith.rs: constants, scalar ops (the overflow and fast-math flags of
    // every scalar op, here and in ops/extremum.rs and ops/math.rs, are read by
    // `arith::scalar_op` through `overflow`/`fast_math` below; `arith::overflows` is their
    // poison condition)
    ("arith.constant", &[("value", Read)]),
    ("arith.addi", &[("overflowFlags", Read)]),
    ("arith.subi", &[("overflowFlags", Read)]),
    ("arith.muli", &[("overflowFlags", Read)]),
    ("arith.addf", &[("fastmath", Read)]),
    ("arith.subf", &[("fastmath", Read)]),
    ("arith.mulf", &[("fastmath", Read)]),
    ("arith.divf", &[("fastmath", Read)]),
    ("arith.negf", &[("fastmath", Read)]),
    ("arith.cmpi", &[("predicate", Read)]),
    ("arith.cmpf", &[("predicate", Read), ("fastmath", Read)]),
    // ops/arith.rs: conversions and shifts
    ("arith.extf", &[("fastmath", Read)]),
    ("arith.truncf", &[("fastmath", Read), ("roundingmode", Read)]),
    ("arith.shli", &[("overflowFlags", Read)]),
    // ops/extremum.rs, ops/math.rs
    ("arith.maximumf", &[("fastmath", Read)]),
    ("arith.minimumf", &[("fastmath", Read)]),
    ("math.absf", &[("fastmath", Read)]),
    ("math.sqrt", &[("fastmath", Read)]),
    ("math.rsqrt", &[("fastmath", Read)]),
    ("math.copysign", &[("fastmath", Read)]),
    ("math.ceil", &[("fastmath", Read)]),
    ("math.floor", &[("fastmath", Read)]),
    ("math.trunc", &[("fastmath", Read)]),
    ("math.round", &[("fastmath", Read)]),
    ("math.roundeven", &[("fastmath", Read)]),
    ("math.fma", &[("fastmath", Read)]),
    ("math.exp", &[("fastmath", Read)]),
    ("math.exp2", &[("fastmath", Read)]),
    ("math.expm1", &[("fastmath", Read)]),
    ("math.log", &[("fastmath", Read)]),
    ("math.log2", &[("fastmath", Read)]),
    ("math.log10", &[("fastmath", Read)]),
    ("math.log1p", &[("fastmath", Read)]),
    ("math.tanh", &[("fastmath", Read)]),
    ("math.sinh", &[("fastmath", Read)]),
    ("math.cosh", &[("fastmath", Read)]),
    ("math.erf", &[("fastmath", Read)]),
    ("math.sin", &[("fastmath", Read)]),
    ("math.cos", &[("fastmath", Read)]),
    ("math.tan", &[("fastmath", Read)]),
    ("math.asin", &[("fastmath", Read)]),
    ("math.acos", &[("fastmath", Read)]),
    ("math.atan", &[("fastmath", Read)]),
    ("math.atan2", &[("fastmath", Read)]),
    ("math.cbrt", &[("fastmath", Read)]),
    ("math.powf", &[("fastmath", Read)]),
    // ops/tensor/gen.rs
    ("affine.apply", &[("map", Read)]),
    ("tensor.pad", &[("static_low", Read), ("static_high", Read), ("operandSegmentSizes", Read),
        ("nofold", MeaningFree("keeps a pad from being folded away: the value is the same"))]),
    // eval/mod.rs, ops/linalg/reduce.rs, ops/linalg/conv.rs, ops/tensor/mod.rs: linalg
    ("linalg.generic", &[("indexing_maps", Read), ("iterator_types", Read), ("operandSegmentSizes", Read)]),
    ("linalg.index", &[("dim", Read)]),
    ("linalg.fill", &[("operandSegmentSizes", Read)]),
    ("linalg.map", &[("operandSegmentSizes", Read)]),
    ("linalg.reduce", &[("dimensions", Read), ("operandSegmentSizes", Read)]),
    ("linalg.transpose", &[("permutation", Read), ("operandSegmentSizes", Read)]),
    ("linalg.broadcast", &[("dimensions", Read), ("operandSegmentSizes", Read)]),
    ("linalg.dot", NAMED_CONTRACTION),
    // ops/linalg/elementwise.rs
    ("linalg.add", SEGMENTS),
    ("linalg.sub", SEGMENTS),
    ("linalg.mul", SEGMENTS),
    ("linalg.div", SEGMENTS),
    ("linalg.div_unsigned", SEGMENTS),
    ("linalg.max", SEGMENTS),
    ("linalg.min", SEGMENTS),
    ("linalg.powf", SEGMENTS),
    ("linalg.exp", SEGMENTS),
    ("linalg.log", SEGMENTS),
    ("linalg.abs", SEGMENTS),
    ("linalg.ceil", SEGMENTS),
    ("linalg.floor", SEGMENTS),
    ("linalg.negf", SEGMENTS),
    ("linalg.round", SEGMENTS),
    ("linalg.sqrt", SEGMENTS),
    ("linalg.rsqrt", SEGMENTS),
    ("linalg.square", SEGMENTS),
    ("linalg.tanh", SEGMENTS),
    ("linalg.erf", SEGMENTS),
    ("linalg.reciprocal", SEGMENTS),
    ("linalg.select", SEGMENTS),
    ("linalg.matvec", NAMED_CONTRACTION),
    ("linalg.vecmat", NAMED_CONTRACTION),
    ("linalg.matmul", NAMED_CONTRACTION),
    ("linalg.matmul", &[("cast", Read)]),
    ("linalg.batch_matmul", NAMED_CONTRACTION),
    ("linalg.batch_matvec", NAMED_CONTRACTION),
    ("linalg.conv_2d_nhwc_hwcf", NAMED_CONV),
    ("linalg.conv_2d_nhwc_fhwc", NAMED_CONV),
    ("linalg.conv_2d_nchw_fchw", NAMED_CONV),
    ("linalg.depthwise_conv_2d_nhwc_hwc", NAMED_CONV),
    ("linalg.depthwise_conv_2d_nhwc_hwcm", NAMED_CONV),
    ("linalg.pooling_nhwc_sum", NAMED_CONV),
    ("linalg.pooling_nchw_sum", NAMED_CONV),
    ("linalg.pooling_nhwc_max", NAMED_CONV),
    ("linalg.pooling_nhwc_min", NAMED_CONV),
    ("linalg.pooling_nhwc_max_unsigned", NAMED_CONV),
    ("linalg.pooling_nhwc_min_unsigned", NAMED_CONV),
    ("linalg.pooling_nchw_max", NAMED_CONV),
    // eval/mod.rs, ops/tensor/reshape.rs: tensor
    ("tensor.extract_slice", SLICE),
    ("tensor.insert_slice", SLICE),
    ("tensor.collapse_shape", &[("reassociation", Read)]),
    ("tensor.concat", &[("dim", Read)]),
    ("tensor.expand_shape", &[("reassociation", Read), ("static_output_shape", OUTPUT_SHAPE)]),
    // ops/memref/mod.rs: memrefs and bufferization
    ("memref.alloc", &[("operandSegmentSizes", Read), ("alignment", ALIGNMENT)]),
    ("memref.alloca", &[("operandSegmentSizes", Read), ("alignment", ALIGNMENT)]),
    ("memref.load", &[("nontemporal", HINT)]),
    ("memref.store", &[("nontemporal", HINT)]),
    ("memref.subview", SLICE),
    ("memref.collapse_shape", &[("reassociation", Read)]),
    ("memref.expand_shape", &[("reassociation", Read), ("static_output_shape", OUTPUT_SHAPE)]),
    ("memref.get_global", &[("name", Read)]),
    ("memref.global", &[("sym_name", Read),
        ("type", MeaningFree("the type of every memref.get_global of it (MLIR verifies they are equal), which the definition reads")), ("initial_value", Read),
        ("constant", Read), ("sym_visibility", VISIBILITY), ("alignment", ALIGNMENT)]),
    ("bufferization.to_tensor", &[("restrict", Read), ("writable", Read)]),
    ("bufferization.to_memref", &[("read_only", MeaningFree(
        "promises the buffer is not written: the model's to_memref block is read-only anyway (a write is UB)"))]),
    // ops/scf/mod.rs
    ("scf.for", &[("unsignedCmp", Read)]),
    // ops/tosa.rs, ops/linalg/conv.rs, ops/linalg/pool.rs
    ("tosa.const", &[("value", Read)]),
    ("tosa.mul", &[("shift", Read)]),
    ("tosa.concat", &[("axis", Read)]),
    ("tosa.reverse", &[("axis", Read)]),
    ("tosa.reduce_sum", &[("axis", Read)]),
    ("tosa.reduce_max", &[("axis", Read)]),
    ("tosa.reduce_min", &[("axis", Read)]),
    ("tosa.clamp", &[("min_int", Read), ("max_int", Read), ("min_fp", Read), ("max_fp", Read)]),
    ("tosa.matmul", &[("a_zp", Read), ("b_zp", Read)]),
    ("tosa.reshape", &[("new_shape", Read)]),
    ("tosa.slice", &[("start", Read), ("size", Read)]),
    ("tosa.tile", &[("multiples", Read)]),
    ("tosa.conv2d", TOSA_CONV),
    ("tosa.depthwise_conv2d", TOSA_CONV),
    ("tosa.fully_connected", &[("quantization_info", Read)]),
    ("tosa.max_pool2d", &[("kernel", Read), ("stride", Read), ("pad", Read), ("dilation", Read)]),
    ("tosa.avg_pool2d", &[("kernel", Read), ("stride", Read), ("pad", Read), ("acc_type", Read),
        ("quantization_info", Read)]),
];

/// `static_output_shape` of `expand_shape` repeats the static sizes of its result type (MLIR's
/// verifier requires them equal), which `ops/tensor/reshape.rs` reads instead.
const OUTPUT_SHAPE: Use =
    MeaningFree("repeats the result type's static sizes, which the definition reads");
const ALIGNMENT: Use = MeaningFree(
    "the alignment of a buffer's address: no value, UB or result of the model depends on addresses",
);

/// Named contractions; explicit `indexing_maps` are read and refused. `cast` (sign or zero
/// extension of the operands, `reduce::cast_attr`) is declared for `linalg.matmul` only: MLIR
/// 19's other named contractions, convolutions and poolings keep a `cast` as a discardable
/// attribute and sign-extend regardless (`mlir-opt-19 --linalg-generalize-named-ops` of a
/// `batch_matmul`/`dot`/`conv_2d_nhwc_hwcf` with `cast_unsigned` gives `arith.extsi`), so
/// reading it there would give those ops another meaning than MLIR's: unknown instead.
const NAMED_CONTRACTION: &[(&str, Use)] = &[("operandSegmentSizes", Read), ("indexing_maps", Read)];
/// Named convolutions and poolings (`ops/linalg/conv.rs`; `cast`: see [`NAMED_CONTRACTION`]).
const NAMED_CONV: &[(&str, Use)] = &[
    ("operandSegmentSizes", Read),
    ("strides", Read),
    ("dilations", Read),
    ("indexing_maps", Read),
];
/// Named elementwise ops (`ops/linalg/elementwise.rs`): the split of operands into inputs and
/// outputs only.
const SEGMENTS: &[(&str, Use)] = &[("operandSegmentSizes", Read)];
const SLICE: &[(&str, Use)] = &[
    ("static_offsets", Read),
    ("static_sizes", Read),
    ("static_strides", Read),
    ("operandSegmentSizes", Read),
];
/// `tosa.conv2d`/`depthwise_conv2d`: `quantization_info` is not declared (zero points are
/// outside the model), so its presence is unknown by this check.
const TOSA_CONV: &[(&str, Use)] = &[("pad", Read), ("stride", Read), ("dilation", Read)];

/// How op `op`'s definition uses attribute `attr`, if it declares it.
pub fn declared(op: &str, attr: &str) -> Option<Use> {
    DECLARED
        .iter()
        .filter(|(o, _)| *o == op)
        .flat_map(|(_, attrs)| attrs.iter())
        .find(|(a, _)| *a == attr)
        .map(|(_, u)| *u)
}

/// Unknown for the first attribute of op `o` its definition does not declare.
pub(crate) fn check_op(m: &Module, o: OpId) -> R<()> {
    let op = m.op(o);
    for a in op.properties.iter().chain(&op.attributes) {
        if declared(&op.name, &a.name).is_none() {
            return Err(Stop::Located(format!(
                "unsupported attribute {} on {}",
                a.name,
                m.op_at(o)
            )));
        }
    }
    Ok(())
}

/// [`check_op`] on function `f` and every op nested in it (callees and globals are checked
/// when they are run or read), after the module's own attributes (`module attributes {...}`:
/// a data layout may change the width of `index`; none is declared).
pub(crate) fn check_function(m: &Module, f: OpId) -> R<()> {
    if let Some(a) = m.attributes.first() {
        return Err(Stop::Located(format!(
            "unsupported attribute {} on builtin.module at {}",
            a.name,
            m.location(a.span.start)
        )));
    }
    check_op(m, f)?;
    for o in m.walk_inside(f) {
        check_op(m, o)?;
    }
    Ok(())
}

/// The flags of an `#arith.overflow<...>` or `#arith.fastmath<...>` attribute `name` of `op`
/// (`none` and absence are no flags); `Err` for another form of value.
fn flags(op: &Operation, name: &str) -> Result<Vec<String>, String> {
    match op.attr(name) {
        None => Ok(vec![]),
        Some(Attr::Opaque { body: Some(b), .. }) => Ok(b
            .split(',')
            .map(|f| f.trim().to_string())
            .filter(|f| !f.is_empty() && f != "none")
            .collect()),
        Some(other) => Err(format!("{} with {name} = {other:?}", op.name)),
    }
}

/// `overflowFlags` of `arith.addi/subi/muli/shli`: `(nsw, nuw)`. Their meaning (MLIR's, after
/// LLVM's): the result is poison when the exact result of the operands read as signed (`nsw`)
/// or unsigned (`nuw`) integers does not fit the type ([`crate::ops::arith::overflows`]).
pub(crate) fn overflow(op: &Operation) -> Result<(bool, bool), String> {
    let mut out = (false, false);
    for f in flags(op, "overflowFlags")? {
        match f.as_str() {
            "nsw" => out.0 = true,
            "nuw" => out.1 = true,
            other => return Err(format!("overflow flag {other} on {}", op.name)),
        }
    }
    Ok(out)
}

/// `fastmath` of a float op: `(nnan, ninf)`, whose meaning is exact (LLVM's, which MLIR's
/// `arith` flags follow): the result is poison when an operand or the result is a NaN
/// (`nnan`) or an infinity (`ninf`). The other flags (`reassoc`, `nsz`, `arcp`, `contract`,
/// `afn`, and `fast`, all of them) let a compiler change values in ways the model does not
/// describe: unknown.
pub(crate) fn fast_math(op: &Operation) -> Result<(bool, bool), String> {
    let mut out = (false, false);
    for f in flags(op, "fastmath")? {
        match f.as_str() {
            "nnan" => out.0 = true,
            "ninf" => out.1 = true,
            other => {
                return Err(format!(
                    "fast-math flag {other} (it allows other values: not modelled)"
                ))
            }
        }
    }
    Ok(out)
}

/// Whether op `op` carries no flag that changes its meaning (`overflowFlags`, `fastmath`
/// absent or `none`): an op recognised as a pattern (a reduction's combiner) must be plain.
pub(crate) fn plain(op: &Operation) -> bool {
    matches!(flags(op, "overflowFlags"), Ok(f) if f.is_empty())
        && matches!(flags(op, "fastmath"), Ok(f) if f.is_empty())
}
