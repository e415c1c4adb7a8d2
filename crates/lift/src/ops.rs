//! The middle layer: every Triton op, once, generic over the domain.
//!
//! [`OPS`] is the table of `tl.*` functions: the name, the arguments it reads (positional
//! order, also accepted as keywords), the keywords it accepts and ignores (performance hints),
//! and the op whose element function [`apply`] defines. Python operators on blocks
//! (`+ - * /`, comparisons, `&`, `|`, `~`) are [`arith`], [`compare`] and [`logic`]. Semantics
//! follow the Triton language reference (triton.language, 3.2): numpy broadcasting, integer
//! blocks `int32`, floats modelled as reals, `tl.load` masked lanes take `other`.

use crate::ext;
use crate::mem::{Access, Machine, Pos};
use crate::value::{broadcast_shape, Block, Elem, KVal, LDomain, Ty};
use tensor::{BinaryOp, Domain, ElemType, Literal, Prim, UnaryOp};

/// A Triton op of the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Op {
    ProgramId,
    NumPrograms,
    Arange,
    Load,
    Store,
    Where,
    Maximum,
    Minimum,
    Exp,
    Abs,
    Sigmoid,
    Fdiv,
    Zeros,
    Full,
    /// `tl.zeros_like(input)`: zeros of the input's shape and element type.
    ZerosLike,
    /// A hint: the first argument, unchanged.
    Hint,
    /// `tl.trans` of a 2-D block: lane `[a, b]` is the operand's lane `[b, a]`.
    Trans,
    /// A compile-time check with no runtime meaning here; also `tl.debug_barrier` (a
    /// synchronisation of one program's threads: the model runs a program's ops in order).
    StaticAssert,
    /// `tl.broadcast_to(input, shape)`: numpy broadcasting to `shape`.
    BroadcastTo,
    /// `tl.sum`, `tl.max`, `tl.min` along one axis.
    Reduce(tensor::Reducer),
    /// `tl.cumsum(input, axis, reverse)`: lane `j` of the axis is the sum of lanes `0..=j`
    /// (`j..n` when reversed), a sum over a lane-dependent range of the domain's reduction.
    Cumsum,
    /// `tl.dot`: a matrix product of two rank-2 blocks, plus `acc`.
    Dot,
    /// `tl.cdiv`: integer division rounding up.
    Cdiv,
    /// `tl.make_block_ptr` and `tl.advance` (`crate::bptr`).
    MakeBlockPtr,
    Advance,
    /// A real function without an exact definition here (uninterpreted).
    Math(&'static str),
    /// `tl.fma(x, y, z)`: `x * y + z` (fused: one rounding, outside the real model).
    Fma,
    /// `tl.clamp(x, min, max)`: `min(max(x, min), max)`; constant bounds must have `min <=
    /// max`, bounds known at run time have it as the claim's stated precondition (Triton
    /// leaves `min > max` undefined).
    Clamp,
    /// `tl.device_assert(cond, msg)`: a check Triton compiles only under `TRITON_DEBUG`
    /// (otherwise nothing runs); it changes no value, so the claim holds for the kernel as
    /// compiled either way where the condition holds, and the verdict names it unchecked.
    DeviceAssert,
    /// `tl.floor(x)`: the greatest integer at most `x`, a real function (uninterpreted
    /// symbolically as `floor`, exact concretely).
    Floor,
    /// `tl.ceil(x)`: `-floor(-x)`, through [`Op::Floor`]'s one definition.
    Ceil,
    /// `libdevice.pow(x, y)` with a constant integer exponent `0 <= y <=` [`MAX_POW`]: the
    /// product of `y` factors `x` (`pow(x, 0) = 1`, as C's `pow` gives for every `x`). Any
    /// other exponent: the real power, an uninterpreted function of both operands.
    Pow,
    /// `tl.atomic_add`, `tl.atomic_max`, `tl.atomic_min`: a read-modify-write of each
    /// masked-in lane's element (`crate::mem::Rmw`), logged as an access; what all programs'
    /// atomics leave in memory is the checker's (`crate::check`). `sem` (the memory order
    /// of other accesses around it) and `scope` `"gpu"`/`"sys"` do not change what the
    /// atomics leave once every program has run, since no access of the kernel may read the
    /// buffer they update; `scope="cta"` makes atomics of different programs race, and is
    /// not read.
    Atomic(crate::mem::Rmw),
    /// libdevice's IEEE class tests of a float, by the formula's name (one of [`CLASSES`]):
    /// `isnan`, `isinf`, `finitef`/`isfinited` (`isfinite`). A boolean block; of a loaded
    /// value an atom both sides share ([`crate::value::LDomain::class`]), of an extended
    /// real decided by its flags ([`crate::ext::class`]).
    Class(&'static str),
}

/// The formula language's class tests ([`Op::Class`]).
/// `isposinf(x)`, `isneginf(x)` are `x == inf`, `x == -inf` of a loaded value ([`compare`]).
pub(crate) const CLASSES: &[&str] = &["isnan", "isinf", "isfinite", "isposinf", "isneginf"];

/// The largest exponent of `pow` read as a product.
pub(crate) const MAX_POW: i128 = 16;

pub(crate) struct OpSpec {
    pub name: &'static str,
    pub params: &'static [&'static str],
    /// Keywords accepted and ignored (performance hints without meaning for the values).
    pub ignored: &'static [&'static str],
    pub op: Op,
}

const LOAD_HINTS: &[&str] = &["cache_modifier", "eviction_policy", "volatile"];

/// Every supported `tl.*` function. A new op is one entry here and one arm in [`apply`].
pub(crate) const OPS: &[OpSpec] = &[
    OpSpec {
        name: "make_block_ptr",
        params: &[
            "base",
            "shape",
            "strides",
            "offsets",
            "block_shape",
            "order",
        ],
        ignored: &[],
        op: Op::MakeBlockPtr,
    },
    OpSpec {
        name: "advance",
        params: &["base", "offsets"],
        ignored: &[],
        op: Op::Advance,
    },
    OpSpec {
        name: "program_id",
        params: &["axis"],
        ignored: &[],
        op: Op::ProgramId,
    },
    OpSpec {
        name: "num_programs",
        params: &["axis"],
        ignored: &[],
        op: Op::NumPrograms,
    },
    OpSpec {
        name: "arange",
        params: &["start", "end"],
        ignored: &[],
        op: Op::Arange,
    },
    OpSpec {
        name: "load",
        params: &[
            "pointer",
            "mask",
            "other",
            "boundary_check",
            "padding_option",
        ],
        ignored: LOAD_HINTS,
        op: Op::Load,
    },
    OpSpec {
        name: "store",
        params: &["pointer", "value", "mask", "boundary_check"],
        ignored: LOAD_HINTS,
        op: Op::Store,
    },
    OpSpec {
        name: "where",
        params: &["condition", "x", "y"],
        ignored: &[],
        op: Op::Where,
    },
    OpSpec {
        name: "maximum",
        params: &["x", "y"],
        ignored: &["propagate_nan"],
        op: Op::Maximum,
    },
    OpSpec {
        name: "minimum",
        params: &["x", "y"],
        ignored: &["propagate_nan"],
        op: Op::Minimum,
    },
    OpSpec {
        name: "exp",
        params: &["x"],
        ignored: &[],
        op: Op::Exp,
    },
    OpSpec {
        name: "abs",
        params: &["x"],
        ignored: &[],
        op: Op::Abs,
    },
    OpSpec {
        name: "sigmoid",
        params: &["x"],
        ignored: &[],
        op: Op::Sigmoid,
    },
    OpSpec {
        name: "fdiv",
        params: &["x", "y"],
        ignored: &["ieee_rounding"],
        op: Op::Fdiv,
    },
    OpSpec {
        name: "zeros",
        params: &["shape", "dtype"],
        ignored: &[],
        op: Op::Zeros,
    },
    OpSpec {
        name: "full",
        params: &["shape", "value", "dtype"],
        ignored: &[],
        op: Op::Full,
    },
    OpSpec {
        name: "zeros_like",
        params: &["input"],
        ignored: &[],
        op: Op::ZerosLike,
    },
    OpSpec {
        name: "trans",
        params: &["input"],
        ignored: &[],
        op: Op::Trans,
    },
    OpSpec {
        name: "multiple_of",
        params: &["input", "values"],
        ignored: &[],
        op: Op::Hint,
    },
    OpSpec {
        name: "max_contiguous",
        params: &["input", "values"],
        ignored: &[],
        op: Op::Hint,
    },
    OpSpec {
        name: "debug_barrier",
        params: &[],
        ignored: &[],
        op: Op::StaticAssert,
    },
    OpSpec {
        name: "broadcast_to",
        params: &["input", "shape"],
        ignored: &[],
        op: Op::BroadcastTo,
    },
    OpSpec {
        name: "device_assert",
        params: &["cond", "msg"],
        ignored: &[],
        op: Op::DeviceAssert,
    },
    OpSpec {
        name: "static_assert",
        params: &["cond", "msg"],
        ignored: &[],
        op: Op::StaticAssert,
    },
    OpSpec {
        name: "cumsum",
        params: &["input", "axis", "reverse"],
        ignored: &["dtype"],
        op: Op::Cumsum,
    },
    OpSpec {
        name: "sum",
        params: &["input", "axis", "keep_dims"],
        ignored: &["dtype"],
        op: Op::Reduce(tensor::Reducer::Sum),
    },
    OpSpec {
        name: "max",
        params: &[
            "input",
            "axis",
            "return_indices",
            "return_indices_tie_break_left",
            "keep_dims",
        ],
        ignored: &[],
        op: Op::Reduce(tensor::Reducer::Max),
    },
    OpSpec {
        name: "min",
        params: &[
            "input",
            "axis",
            "return_indices",
            "return_indices_tie_break_left",
            "keep_dims",
        ],
        ignored: &[],
        op: Op::Reduce(tensor::Reducer::Min),
    },
    OpSpec {
        name: "dot",
        params: &["input", "other", "acc"],
        // Precision and accumulator-type choices only change rounding, which the reals do
        // not model (an assumption every verdict names).
        ignored: &[
            "input_precision",
            "allow_tf32",
            "max_num_imprecise_acc",
            "out_dtype",
        ],
        op: Op::Dot,
    },
    OpSpec {
        name: "cdiv",
        params: &["x", "div"],
        ignored: &[],
        op: Op::Cdiv,
    },
    OpSpec {
        name: "log",
        params: &["x"],
        ignored: &[],
        op: Op::Math("log"),
    },
    OpSpec {
        name: "log2",
        params: &["x"],
        ignored: &[],
        op: Op::Math("log2"),
    },
    OpSpec {
        name: "exp2",
        params: &["x"],
        ignored: &[],
        op: Op::Math("exp2"),
    },
    OpSpec {
        name: "sqrt",
        params: &["x"],
        ignored: &[],
        op: Op::Math("sqrt"),
    },
    OpSpec {
        name: "rsqrt",
        params: &["x"],
        ignored: &[],
        op: Op::Math("rsqrt"),
    },
    OpSpec {
        name: "sin",
        params: &["x"],
        ignored: &[],
        op: Op::Math("sin"),
    },
    OpSpec {
        name: "cos",
        params: &["x"],
        ignored: &[],
        op: Op::Math("cos"),
    },
    OpSpec {
        name: "tanh",
        params: &["x"],
        ignored: &[],
        op: Op::Math("tanh"),
    },
    OpSpec {
        name: "erf",
        params: &["x"],
        ignored: &[],
        op: Op::Math("erf"),
    },
    // Correctly rounded variants: the same real function (rounding is outside the model).
    OpSpec {
        name: "div_rn",
        params: &["x", "y"],
        ignored: &[],
        op: Op::Fdiv,
    },
    OpSpec {
        name: "sqrt_rn",
        params: &["x"],
        ignored: &[],
        op: Op::Math("sqrt"),
    },
    OpSpec {
        name: "fma",
        params: &["x", "y", "z"],
        ignored: &[],
        op: Op::Fma,
    },
    OpSpec {
        name: "clamp",
        params: &["x", "min", "max"],
        ignored: &["propagate_nan"],
        op: Op::Clamp,
    },
    OpSpec {
        name: "floor",
        params: &["x"],
        ignored: &[],
        op: Op::Floor,
    },
    OpSpec {
        name: "ceil",
        params: &["x"],
        ignored: &[],
        op: Op::Ceil,
    },
    OpSpec {
        name: "pow",
        params: &["x", "y"],
        ignored: &[],
        op: Op::Pow,
    },
    class_spec("isnan", "isnan"),
    class_spec("isinf", "isinf"),
    class_spec("finitef", "isfinite"),
    class_spec("isfinited", "isfinite"),
    atomic_spec("atomic_add", crate::mem::Rmw::Add),
    atomic_spec("atomic_max", crate::mem::Rmw::Max),
    atomic_spec("atomic_min", crate::mem::Rmw::Min),
    math_spec("atan"),
    math_spec("asin"),
    math_spec("acos"),
    math_spec("tan"),
    math_spec("sinh"),
    math_spec("cosh"),
    math_spec("asinh"),
    math_spec("acosh"),
    math_spec("atanh"),
    math_spec("log1p"),
    math_spec("expm1"),
    math_spec("log10"),
];

/// The entry of an atomic read-modify-write ([`Op::Atomic`]).
const fn atomic_spec(name: &'static str, rmw: crate::mem::Rmw) -> OpSpec {
    OpSpec {
        name,
        params: &["pointer", "val", "mask", "sem", "scope"],
        ignored: &[],
        op: Op::Atomic(rmw),
    }
}

/// The entry of a class test ([`Op::Class`]) named `name` in libdevice.
const fn class_spec(name: &'static str, class: &'static str) -> OpSpec {
    OpSpec {
        name,
        params: &["arg0"],
        ignored: &[],
        op: Op::Class(class),
    }
}

/// The entry of a real function of one argument `x` without a definition here.
const fn math_spec(name: &'static str) -> OpSpec {
    OpSpec {
        name,
        params: &["x"],
        ignored: &[],
        op: Op::Math(name),
    }
}

/// The real functions of one argument that are uninterpreted symbolically (a symbol
/// `uf_NAME` each, no axioms: the verdict names each) and bounded by intervals concretely
/// (`tensor::Concrete::real_fn`; `floor` exactly). The formula language calls them by these
/// names; `exp` has laws of its own (`crate::axioms`).
pub(crate) const UNINTERPRETED: &[&str] = &[
    "log", "log2", "exp2", "sqrt", "rsqrt", "sin", "cos", "tanh", "erf", "floor", "atan", "asin",
    "acos", "tan", "sinh", "cosh", "asinh", "acosh", "atanh", "log1p", "expm1", "log10",
];

/// Whether the formula language has `name` as a real function of one argument defined by the
/// table's op of that name: the uninterpreted ones and `ceil` (`-floor(-x)`).
pub(crate) fn formula_function(name: &str) -> bool {
    UNINTERPRETED.contains(&name) || name == "ceil"
}

/// The uninterpreted function a formula's call of `name` applies, if any (`ceil` is
/// `floor`'s).
pub(crate) fn uninterpreted_of(name: &str) -> Option<&'static str> {
    let name = if name == "ceil" { "floor" } else { name };
    if name == "pow" {
        // `pow` of a real exponent (a constant integer one is a product).
        return Some("pow");
    }
    UNINTERPRETED.iter().copied().find(|n| *n == name)
}

/// The table's entry for `name`, wherever Triton has it (see [`lookup_in`]).
pub(crate) fn lookup(name: &str) -> Option<&'static OpSpec> {
    OPS.iter().find(|s| s.name == name)
}

/// Where a function of the table lives in Triton 3.2: `tl.NAME` (`triton.language`),
/// `tl.math.NAME`, or libdevice (`tl.extra.cuda.libdevice.NAME` and other paths).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Module {
    Tl,
    Math,
    Libdevice,
}

/// The table's functions that `triton.language.math` has in 3.2. Triton 2.x's `tl.math` was
/// libdevice: a [`LIBDEVICE`] name under `tl.math` is read as that function too (one
/// function by one name in every version: `tl.math.tanh`, `tl.math.pow`).
const MATH_MODULE: &[&str] = &[
    "exp", "abs", "fdiv", "log", "log2", "exp2", "sqrt", "rsqrt", "sin", "cos", "erf", "fma",
    "div_rn", "sqrt_rn", "floor", "ceil",
];

/// The table's functions that libdevice has in 3.2 (`tanh`, `pow`, `atan`, ... are only
/// there).
const LIBDEVICE: &[&str] = &[
    "exp", "abs", "log", "log2", "exp2", "sqrt", "rsqrt", "sin", "cos", "tanh", "erf", "fma",
    "div_rn", "sqrt_rn", "floor", "ceil", "pow", "atan", "asin", "acos", "tan", "sinh", "cosh",
    "asinh", "acosh", "atanh", "log1p", "expm1", "log10",
];

/// libdevice's class tests ([`Op::Class`]): only there (`tl.isnan` is no function of 3.2).
const LIBDEVICE_CLASSES: &[&str] = &["isnan", "isinf", "finitef", "isfinited"];

fn in_libdevice(name: &str) -> bool {
    LIBDEVICE.contains(&name) || LIBDEVICE_CLASSES.contains(&name)
}

/// Functions of the table that `triton.language` itself lacks in 3.2.
const NOT_IN_TL: &[&str] = &[
    "tanh", "pow", "atan", "asin", "acos", "tan", "sinh", "cosh", "asinh", "acosh", "atanh",
    "log1p", "expm1", "log10",
];

/// The op `module.name` denotes, or why none: a name Triton 3.2 does not have at that path
/// (`tl.tanh`, `tl.math.sigmoid`) is not read as the function it would be elsewhere.
pub(crate) fn lookup_in(module: Module, name: &str) -> Result<&'static OpSpec, String> {
    let spec = lookup(name);
    let (there, path) = match module {
        Module::Tl => (
            !NOT_IN_TL.contains(&name) && !LIBDEVICE_CLASSES.contains(&name),
            "tl",
        ),
        Module::Math => (MATH_MODULE.contains(&name) || in_libdevice(name), "tl.math"),
        Module::Libdevice => (in_libdevice(name), "libdevice"),
    };
    match spec {
        Some(spec) if there => Ok(spec),
        Some(_) => {
            let elsewhere: Vec<&str> = [
                (
                    !NOT_IN_TL.contains(&name) && !LIBDEVICE_CLASSES.contains(&name),
                    "tl",
                ),
                (MATH_MODULE.contains(&name) || in_libdevice(name), "tl.math"),
                (in_libdevice(name), "libdevice"),
            ]
            .iter()
            .filter(|(ok, _)| *ok)
            .map(|(_, p)| *p)
            .collect();
            Err(format!(
                "{path}.{name} (Triton 3.2 has it as {})",
                elsewhere
                    .iter()
                    .map(|p| format!("{p}.{name}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
        None if FLOAT_CLASSES.contains(&name) => Err(format!(
            "{path}.{name} (NaN and infinity are outside the real model, where loaded values \
             are reals: the class of a value has no answer here)"
        )),
        None => Err(format!("{path}.{name}")),
    }
}

/// libdevice's tests of a float's class that are no op of the table (`signbit`, an `int32`
/// of the sign of a NaN or zero too), named when met. Folding one under the real model (every
/// loaded value a finite real) would give a formula that says nothing about what the kernel
/// does with a NaN; the others are atoms ([`Op::Class`]).
const FLOAT_CLASSES: &[&str] = &["signbit"];

type R<T> = Result<T, String>;

fn need<D: Domain>(args: &[Option<KVal<D>>], k: usize, spec: &OpSpec) -> R<KVal<D>> {
    args.get(k)
        .cloned()
        .flatten()
        .ok_or_else(|| format!("tl.{} needs its `{}` argument", spec.name, spec.params[k]))
}

/// Argument `k`, when given (and not `None`).
fn opt<D: Domain>(args: &[Option<KVal<D>>], k: usize) -> Option<KVal<D>> {
    args.get(k).cloned().flatten()
}

fn given<D: Domain>(args: &[Option<KVal<D>>], k: usize) -> bool {
    !matches!(opt(args, k), None | Some(KVal::None))
}

fn block<D: LDomain>(v: &KVal<D>, what: &str) -> R<Block<D>> {
    match v {
        // What decides it is the reason (`crate::exec::dtypes`).
        KVal::Undecided(why) => Err(why.clone()),
        _ => v
            .block()
            .ok_or_else(|| format!("{what}: expected a block or a number, got a {}", v.kind())),
    }
}

fn const_int<D: LDomain>(v: &KVal<D>, what: &str) -> R<i128> {
    match v {
        KVal::Int(i) => Ok(*i),
        other => Err(format!(
            "{what} must be a constexpr integer, got a {}",
            other.kind()
        )),
    }
}

fn shape_of<D: LDomain>(v: &KVal<D>) -> R<Vec<usize>> {
    let dim = |v: &KVal<D>| match v {
        KVal::Int(i) if *i >= 0 => Ok(*i as usize),
        other => Err(format!(
            "a block dimension must be a constexpr integer, got a {}",
            other.kind()
        )),
    };
    match v {
        KVal::Tuple(xs) => xs.iter().map(dim).collect(),
        other => Ok(vec![dim(other)?]),
    }
}

/// Applies op `spec` to bound arguments (positional order of `spec.params`).
pub(crate) fn apply<D: LDomain>(
    spec: &OpSpec,
    m: &mut Machine<D>,
    args: Vec<Option<KVal<D>>>,
    pos: Pos,
) -> R<KVal<D>> {
    let real = Ty::Real;
    Ok(match spec.op {
        Op::ProgramId | Op::NumPrograms => {
            let axis = match args[0].clone() {
                None => 0,
                Some(v) => const_int(&v, "the program axis")?,
            };
            if !(0..3).contains(&axis) {
                return Err(format!("program axis {axis} is not 0, 1 or 2"));
            }
            let v = if spec.op == Op::ProgramId {
                &m.pid
            } else {
                &m.nprog
            };
            KVal::Block(Block::splat(Ty::Int, Elem::I(v[axis as usize].clone())))
        }
        Op::Arange => {
            let start = const_int(&need(&args, 0, spec)?, "tl.arange's start")?;
            let end = const_int(&need(&args, 1, spec)?, "tl.arange's end")?;
            if end <= start {
                return Err(format!("tl.arange({start}, {end}) is empty"));
            }
            if end - start > crate::value::MAX_NUMEL as i128 {
                return Err(format!(
                    "tl.arange({start}, {end}): more than Triton's {} elements",
                    crate::value::MAX_NUMEL
                ));
            }
            KVal::Block(Block::new(
                vec![(end - start) as usize],
                Ty::Int,
                move |d: &mut D, l| {
                    let s = d.lit_i(start);
                    Elem::I(d.add_i(&l[0], &s))
                },
            ))
        }
        Op::MakeBlockPtr => {
            let all = (0..6)
                .map(|k| need(&args, k, spec))
                .collect::<R<Vec<_>>>()?;
            crate::bptr::make(&all)?
        }
        Op::Advance => crate::bptr::advance(&need(&args, 0, spec)?, &need(&args, 1, spec)?)?,
        Op::Load => {
            let (ptr, mask, other) = match need(&args, 0, spec)? {
                KVal::BlockPtr(p) => {
                    if (1..3).any(|k| given(&args, k)) {
                        return Err("tl.load of a block pointer with `mask` or `other`".into());
                    }
                    let ptr = crate::bptr::pointers(&p);
                    let check = crate::bptr::checked(&p, &opt(&args, 3))?.map(KVal::Block);
                    let mask = mask_arg(m, &check, &ptr)?;
                    let other = match crate::bptr::padding(&opt(&args, 4))? {
                        Some(v) if mask.is_some() => {
                            Some(block(&v, "padding")?.broadcast_to(&ptr.shape))
                        }
                        _ => None,
                    };
                    (ptr, mask, other)
                }
                p => {
                    let ptr = block(&p, "tl.load's pointer")?;
                    if (3..5).any(|k| given(&args, k)) {
                        return Err("`boundary_check` or `padding_option` on a load of a block of pointers (only block pointers take them)".into());
                    }
                    let mask = mask_arg(m, &args[1], &ptr)?;
                    let other = match &args[2] {
                        Some(KVal::None) | None => None,
                        Some(v) => Some(block(v, "tl.load's other")?.broadcast_to(&ptr.shape)),
                    };
                    (ptr, mask, other)
                }
            };
            let Ty::Ptr(buf) = ptr.ty else {
                return Err(format!(
                    "tl.load of a {} block, not pointers",
                    ptr.ty.name()
                ));
            };
            gather_allowed(m, pos)?;
            let offset = Block {
                ty: Ty::Int,
                ..ptr.clone()
            };
            m.accesses.push(Access {
                store: false,
                atomic: None,
                buf,
                offset: offset.clone(),
                mask: mask.clone(),
                value: None,
                pos,
            });
            let name = m.buffers[buf].name.clone();
            let masked_name = format!("{name}#masked");
            let shape = ptr.shape.clone();
            if m.buffers[buf].int {
                let b = load_int(shape, name, offset, mask, other);
                if let Some(t) = m.buffers[buf].dtype {
                    m.typed.push((b.f.clone(), t));
                }
                return Ok(KVal::Block(b));
            }
            let dtype = m.buffers[buf].dtype;
            let b = Block::new(shape, real, move |d: &mut D, l| {
                let off = offset.at(d, l).i(d);
                let x = d.input(&name, ElemType::Real, &[off.clone()]);
                let Some(mask) = &mask else { return Elem::V(x) };
                let c = mask.at(d, l).b(d);
                // A masked lane without `other` holds an unspecified value.
                let o = match &other {
                    Some(o) => match o.at(d, l) {
                        // `other=-float('inf')`: an extended real, exact (`crate::ext`).
                        Elem::V(v) if d.inf_of(&v).is_some() => {
                            let up = d.inf_of(&v).expect("matched");
                            let at = d.not(&c);
                            let no = d.lit_b(false);
                            let (pos, neg) = if up {
                                (at, no.clone())
                            } else {
                                (no.clone(), at)
                            };
                            return Elem::X {
                                nan: no,
                                pos,
                                neg,
                                v: x,
                            };
                        }
                        e => e.v(d),
                    },
                    None => d.input(&masked_name, ElemType::Real, &[off]),
                };
                Elem::V(d.ite_v(&c, &x, &o))
            });
            if let Some(t) = dtype {
                m.typed.push((b.f.clone(), t));
            }
            KVal::Block(b)
        }
        Op::Store => {
            let (ptr, check) = match need(&args, 0, spec)? {
                KVal::BlockPtr(p) => {
                    if given(&args, 2) {
                        return Err("tl.store to a block pointer with `mask`".into());
                    }
                    let ptr = crate::bptr::pointers(&p);
                    (
                        ptr,
                        Some(crate::bptr::checked(&p, &opt(&args, 3))?.map(KVal::Block)),
                    )
                }
                p => {
                    if given(&args, 3) {
                        return Err("`boundary_check` on a store to a block of pointers (only block pointers take it)".into());
                    }
                    (block(&p, "tl.store's pointer")?, None)
                }
            };
            let Ty::Ptr(buf) = ptr.ty else {
                return Err(format!(
                    "tl.store to a {} block, not pointers",
                    ptr.ty.name()
                ));
            };
            let value = block(&need(&args, 1, spec)?, "tl.store's value")?;
            let shape = broadcast_shape(&ptr.shape, &value.shape)?;
            if shape != ptr.shape {
                return Err(format!(
                    "tl.store of a {:?} block through {:?} pointers",
                    value.shape, ptr.shape
                ));
            }
            let value = to_real(&value.broadcast_to(&shape));
            let mask = match check {
                Some(c) => mask_arg(m, &c, &ptr)?,
                None => mask_arg(m, &args[2], &ptr)?,
            };
            gather_allowed(m, pos)?;
            let offset = Block { ty: Ty::Int, ..ptr };
            m.accesses.push(Access {
                store: true,
                atomic: None,
                buf,
                offset,
                mask,
                value: Some(value),
                pos,
            });
            KVal::None
        }
        Op::Atomic(rmw) => atomic(m, rmw, &args, spec, pos)?,
        Op::Where => {
            let c = block(&need(&args, 0, spec)?, "tl.where's condition")?;
            let x = block(&need(&args, 1, spec)?, "tl.where's x")?;
            let y = block(&need(&args, 2, spec)?, "tl.where's y")?;
            KVal::Block(select(&c, &x, &y)?)
        }
        Op::Maximum | Op::Minimum => {
            let x = block(&need(&args, 0, spec)?, "the first operand")?;
            let y = block(&need(&args, 1, spec)?, "the second operand")?;
            let op = if spec.op == Op::Maximum {
                Arith::Max
            } else {
                Arith::Min
            };
            KVal::Block(arith(op, &x, &y)?)
        }
        Op::Abs
            if matches!(
                block(&need(&args, 0, spec)?, "the operand")?.ty,
                Ty::Int | Ty::Bool
            ) =>
        {
            // `tl.abs` of an integer is an integer (no overflow at the most negative value:
            // integers are exact here).
            let x = block(&need(&args, 0, spec)?, "the operand")?;
            KVal::Block(map(&x, Ty::Int, |d, e| {
                let v = e.i(d);
                let zero = d.lit_i(0);
                let neg = d.lt_i(&v, &zero);
                let nv = d.sub_i(&zero, &v);
                Elem::I(d.ite_i(&neg, &nv, &v))
            }))
        }
        Op::Exp | Op::Abs | Op::Sigmoid => {
            let x = to_real(&block(&need(&args, 0, spec)?, "the operand")?);
            let op = spec.op;
            KVal::Block(map(&x, real, move |d, e| {
                if ext::any(d, &[&e]) {
                    return match op {
                        Op::Exp => ext::exp(d, &e, |d, v| {
                            tensor::unary(d, UnaryOp::Exp, ElemType::Real, v)
                        }),
                        Op::Abs => ext::abs(d, &e, |d, v| {
                            tensor::unary(d, UnaryOp::Abs, ElemType::Real, v)
                        }),
                        _ => ext::sigmoid(d, &e, |d, v| sigmoid(d, v)),
                    };
                }
                let v = e.v(d);
                Elem::V(match op {
                    Op::Exp => tensor::unary(d, UnaryOp::Exp, ElemType::Real, &v),
                    Op::Abs => tensor::unary(d, UnaryOp::Abs, ElemType::Real, &v),
                    _ => sigmoid(d, &v),
                })
            }))
        }
        Op::Fma => {
            let x = block(&need(&args, 0, spec)?, "tl.fma's x")?;
            let y = block(&need(&args, 1, spec)?, "tl.fma's y")?;
            let z = block(&need(&args, 2, spec)?, "tl.fma's z")?;
            let xy = to_real(&arith(Arith::Mul, &x, &y)?);
            KVal::Block(arith(Arith::Add, &xy, &to_real(&z))?)
        }
        Op::Clamp => {
            let x = block(&need(&args, 0, spec)?, "tl.clamp's x")?;
            let (lo, hi) = (need(&args, 1, spec)?, need(&args, 2, spec)?);
            let bound = |v: &KVal<D>| match v {
                KVal::Int(i) => Some((*i, 1)),
                KVal::Float(n, d) if *d != 0 => Some((*n, *d)),
                _ => None,
            };
            match (bound(&lo), bound(&hi)) {
                // a/b <= c/e with positive denominators.
                (Some((a, b)), Some((c, e))) => {
                    if a.checked_mul(e)
                        .zip(c.checked_mul(b))
                        .is_none_or(|(l, r)| l > r)
                    {
                        return Err("tl.clamp with min > max (undefined in Triton)".into());
                    }
                }
                // Bounds known only at run time: Triton leaves `min > max` undefined, so the
                // claim states `min <= max` as a precondition; the value below is also what
                // Triton's interpreter (`np.clip`) gives when it fails.
                _ => {
                    let note = format!(
                        "the bounds of `tl.clamp` at {pos} have min <= max (Triton leaves min > max undefined)"
                    );
                    if !m.assumed.contains(&note) {
                        m.assumed.push(note);
                    }
                }
            }
            let lo = block(&lo, "tl.clamp's min")?;
            let hi = block(&hi, "tl.clamp's max")?;
            let x = to_real(&x);
            KVal::Block(arith(Arith::Min, &arith(Arith::Max, &x, &lo)?, &hi)?)
        }
        Op::Fdiv => {
            let x = block(&need(&args, 0, spec)?, "the dividend")?;
            let y = block(&need(&args, 1, spec)?, "the divisor")?;
            KVal::Block(arith(Arith::Div, &x, &y)?)
        }
        Op::Zeros | Op::Full => {
            let shape = shape_of(&need(&args, 0, spec)?)?;
            crate::value::check_numel(&shape)?;
            let v = if spec.op == Op::Zeros {
                KVal::Float(0, 1)
            } else {
                need(&args, 1, spec)?
            };
            let dtype_at = if spec.op == Op::Zeros { 1 } else { 2 };
            let ty = match args.get(dtype_at).cloned().flatten() {
                Some(KVal::Dtype(t)) => {
                    // An integer fill (`0.0`) converts exactly to any type.
                    let real = block(&v, "the fill value")?.ty == Ty::Real
                        && !matches!(v, KVal::Int(_) | KVal::Float(_, 1));
                    if let Some(note) = t.real_conversion_assumption().filter(|_| real) {
                        if !m.assumed.contains(&note) {
                            m.assumed.push(note);
                        }
                    }
                    t.ty
                }
                None => Ty::Real,
                Some(KVal::Undecided(why)) => return Err(why),
                Some(other) => return Err(format!("`dtype=` of a {}", other.kind())),
            };
            let b = convert(&block(&v, "the fill value")?, ty)?;
            KVal::Block(b.broadcast_to(&shape))
        }
        Op::ZerosLike => {
            let x = block(&need(&args, 0, spec)?, "tl.zeros_like's input")?;
            let ty = match x.ty {
                Ty::Ptr(_) => return Err("tl.zeros_like of a pointer block".into()),
                t => t,
            };
            let zero = convert(&KVal::<D>::Int(0).block().expect("a block"), ty)?;
            KVal::Block(zero.broadcast_to(&x.shape))
        }
        Op::BroadcastTo => {
            let x = block(&need(&args, 0, spec)?, "tl.broadcast_to's input")?;
            let shape = shape_of(&need(&args, 1, spec)?)?;
            if broadcast_shape(&x.shape, &shape)? != shape {
                return Err(format!(
                    "tl.broadcast_to of a {:?} block to {shape:?}",
                    x.shape
                ));
            }
            KVal::Block(x.broadcast_to(&shape))
        }
        Op::Hint => need(&args, 0, spec)?,
        Op::Trans => KVal::Block(transpose(&block(
            &need(&args, 0, spec)?,
            "tl.trans's operand",
        )?)?),
        Op::Math(name) => {
            if !m.math.contains(&name) {
                m.math.push(name);
            }
            let x = to_real(&block(&need(&args, 0, spec)?, "the operand")?);
            KVal::Block(map(&x, real, move |d, e| math_elem(d, name, e)))
        }
        Op::Class(name) => KVal::Block(class(
            name,
            &block(&need(&args, 0, spec)?, "the operand")?,
            pos,
        )),
        Op::Floor | Op::Ceil => {
            if !m.math.contains(&"floor") {
                m.math.push("floor");
            }
            let x = to_real(&block(&need(&args, 0, spec)?, "the operand")?);
            let ceil = spec.op == Op::Ceil;
            KVal::Block(map(&x, real, move |d, e| {
                if !ceil {
                    return math_elem(d, "floor", e);
                }
                let n = neg_elem(d, e);
                let f = math_elem(d, "floor", n);
                neg_elem(d, f)
            }))
        }
        Op::Pow => pow(m, &need(&args, 0, spec)?, &need(&args, 1, spec)?)?,
        Op::Reduce(r) => {
            let x = to_real(&block(&need(&args, 0, spec)?, "the reduction's input")?);
            let keep_at = if r == tensor::Reducer::Sum { 2 } else { 4 };
            if r != tensor::Reducer::Sum && matches!(args[2], Some(KVal::Bool(true))) {
                return Err(format!("tl.{} with return_indices=True", spec.name));
            }
            let keep = matches!(args[keep_at], Some(KVal::Bool(true)));
            let what = format!("tl.{}", spec.name);
            KVal::Block(reduce_along(&x, args[1].as_ref(), keep, r, m, &what)?)
        }
        Op::Cumsum => {
            let x = to_real(&block(&need(&args, 0, spec)?, "tl.cumsum's input")?);
            let axis = match args[1].clone() {
                None | Some(KVal::None) => 0,
                Some(v) => const_int(&v, "tl.cumsum's axis")?,
            };
            let axis = if axis < 0 {
                axis + x.shape.len() as i128
            } else {
                axis
            };
            if !(0..x.shape.len() as i128).contains(&axis) {
                return Err(format!(
                    "tl.cumsum along axis {axis} of a rank-{} block",
                    x.shape.len()
                ));
            }
            let reverse = match args[2].clone() {
                None | Some(KVal::None) | Some(KVal::Bool(false)) => false,
                Some(KVal::Bool(true)) => true,
                Some(other) => return Err(format!("tl.cumsum's reverse= of a {}", other.kind())),
            };
            KVal::Block(cumsum_under(&x, axis as usize, reverse, m.guard.clone()))
        }
        Op::Dot => {
            let a = block(&need(&args, 0, spec)?, "tl.dot's input")?;
            let b = block(&need(&args, 1, spec)?, "tl.dot's other")?;
            let p = dot(&a, &b)?;
            KVal::Block(match &args[2] {
                None | Some(KVal::None) => p,
                Some(acc) => {
                    let acc = block(acc, "tl.dot's acc")?;
                    if acc.shape != p.shape {
                        return Err(format!(
                            "tl.dot's acc of shape {:?} for a product of shape {:?}",
                            acc.shape, p.shape
                        ));
                    }
                    arith(Arith::Add, &acc, &p)?
                }
            })
        }
        Op::Cdiv => match (need(&args, 0, spec)?, need(&args, 1, spec)?) {
            (KVal::Int(x), KVal::Int(y)) if y > 0 && x.checked_add(y).is_some() => {
                KVal::Int((x + y - 1).div_euclid(y))
            }
            (x, y) => {
                let x = block(&x, "tl.cdiv's x")?;
                let y = block(&y, "tl.cdiv's div")?;
                let one = KVal::<D>::Int(1).block().expect("a block");
                let up = arith(Arith::Sub, &arith(Arith::Add, &x, &y)?, &one)?;
                KVal::Block(int_div(&up, &y, false)?)
            }
        },
        Op::StaticAssert => KVal::None,
        Op::DeviceAssert => {
            let msg = match args.get(1).cloned().flatten() {
                Some(KVal::Str(t)) => format!(" (\"{t}\")"),
                _ => String::new(),
            };
            let note = format!(
                "the `tl.device_assert` at {pos}{msg} is not checked: it runs only under TRITON_DEBUG and changes no value"
            );
            if !m.assumed.contains(&note) {
                m.assumed.push(note);
            }
            KVal::None
        }
    })
}

/// `tl.dot(a, b)`: `[i, j] = Σ_k a[i, k] * b[k, j]` over the `K` lanes the blocks share,
/// through the domain's reduction (a sum over `k` symbolically, enumerated concretely).
pub(crate) fn dot<D: LDomain>(a: &Block<D>, b: &Block<D>) -> R<Block<D>> {
    let ([m, ka], [kb, n]) = (&a.shape[..], &b.shape[..]) else {
        return Err(format!(
            "tl.dot of blocks of shapes {:?} and {:?} (only rank 2)",
            a.shape, b.shape
        ));
    };
    if ka != kb {
        return Err(format!(
            "tl.dot of blocks of shapes {:?} and {:?}: inner dimensions differ",
            a.shape, b.shape
        ));
    }
    let (a, b, k) = (to_real(a), to_real(b), *ka as i128);
    Ok(Block::new(vec![*m, *n], Ty::Real, move |d: &mut D, l| {
        let zero = d.lit_v(ElemType::Real, Literal::Int(0));
        let ext = d.lit_i(k);
        let (i, j) = (l[0].clone(), l[1].clone());
        let (a, b) = (a.clone(), b.clone());
        let mut body = move |d: &mut D, kk: &D::I| -> D::V {
            let x = a.at(d, &[i.clone(), kk.clone()]).v(d);
            let y = b.at(d, &[kk.clone(), j.clone()]).v(d);
            tensor::binary(d, BinaryOp::Mul, ElemType::Real, &x, &y)
        };
        Elem::V(sum_along(d, ext, &zero, &mut body))
    }))
}

/// [`reduce`] made under the path condition `guard` (a scalar condition: a summarised loop's
/// range, a runtime `if`): the reduction is made in the context where it holds
/// ([`LDomain::enter_fact`]), which is the only place its value is used.
/// The reduction `r` of `x` along `axis` (an integer, negative from the last axis; `None`:
/// every axis, as nested reductions from the last axis in) under the machine's path
/// condition; `what` names the reduction in a diagnostic.
pub(crate) fn reduce_along<D: LDomain>(
    x: &Block<D>,
    axis: Option<&KVal<D>>,
    keep: bool,
    r: tensor::Reducer,
    m: &Machine<D>,
    what: &str,
) -> R<Block<D>> {
    let axis = match axis {
        None | Some(KVal::None) => {
            let mut all = x.clone();
            for axis in (0..all.shape.len()).rev() {
                all = reduce_under(&all, axis, keep, r, m.guard.clone());
            }
            return Ok(all);
        }
        Some(v) => const_int(v, "the reduction's axis")?,
    };
    let axis = if axis < 0 {
        axis + x.shape.len() as i128
    } else {
        axis
    };
    if !(0..x.shape.len() as i128).contains(&axis) {
        return Err(format!(
            "{what} along axis {axis} of a rank-{} block",
            x.shape.len()
        ));
    }
    Ok(reduce_under(x, axis as usize, keep, r, m.guard.clone()))
}

pub(crate) fn reduce_under<D: LDomain>(
    x: &Block<D>,
    axis: usize,
    keep_dims: bool,
    r: tensor::Reducer,
    guard: Option<Block<D>>,
) -> Block<D> {
    let inner = reduce(x, axis, keep_dims, r);
    let Some(g) = guard else {
        return inner;
    };
    Block::new(inner.shape.clone(), inner.ty, move |d: &mut D, l| {
        let c = g.at(d, &[]).b(d);
        d.enter_fact(&c);
        let e = inner.at(d, l);
        d.leave_fact();
        e
    })
}

/// `init + Σ_{0 <= k < extent} body(k)` through the domain's reduction (an atom
/// symbolically, see `crate::atoms`): the one place the sums of `tl.dot` and of loop
/// accumulators are made. A sum over a loop's iterations of a sum over a tile's lanes becomes
/// one atom where that simplifies (`crate::tiles`).
pub(crate) fn sum_along<D: LDomain>(
    d: &mut D,
    extent: D::I,
    init: &D::V,
    body: &mut dyn FnMut(&mut D, &D::I) -> D::V,
) -> D::V {
    let s = d
        .reduction(tensor::Reducer::Sum, &extent, &mut |d: &mut D, k: &D::I| {
            Elem::V(body(d, k))
        })
        .v(d);
    if d.lit_sign(init) == Some(0) {
        return s;
    }
    tensor::binary(d, BinaryOp::Add, ElemType::Real, init, &s)
}

/// `a // b` (or `a % b` when `rem`) on integer blocks, as Triton computes it on tensors
/// ([`trunc_div`]).
pub(crate) fn int_div<D: LDomain>(a: &Block<D>, b: &Block<D>, rem: bool) -> R<Block<D>> {
    let ints = |t: Ty| matches!(t, Ty::Int | Ty::Bool);
    if rem
        && [a.ty, b.ty].contains(&Ty::Real)
        && ![a.ty, b.ty].iter().any(|t| matches!(t, Ty::Ptr(_)))
    {
        return float_mod(a, b);
    }
    if !ints(a.ty) || !ints(b.ty) {
        return Err(format!(
            "`{}` of {} and {} blocks (only integers; a value loaded from memory is a float here)",
            if rem { "%" } else { "//" },
            a.ty.name(),
            b.ty.name()
        ));
    }
    zip(a, b, Ty::Int, move |d, x, y| {
        let (x, y) = (x.i(d), y.i(d));
        Elem::I(trunc_div(d, &x, &y, rem))
    })
}

/// Triton's integer `x // y` (or `x % y` when `rem`) on signed integers: the quotient
/// rounds toward zero and the remainder takes the dividend's sign (LLVM's `sdiv`/`srem`,
/// C's `/` and `%`; Triton 3.2's interpreter computes them with `np.fmod`), defined through
/// Euclidean division for every sign. The one definition of the kernel's operators, of the
/// formula language's `//` and `%` ([`crate::formula`]) and of what synthesis recognises
/// as them (`synth::truncating_division`). Division by zero: the Euclidean quotient's and
/// remainder's, so unspecified in proofs (the solver's `div`/`mod` by zero, one value per
/// dividend, the same on the kernel's and the formula's side) and 0 in the concrete
/// replay (as Triton's interpreter computes it; on a GPU it is undefined).
pub(crate) fn trunc_div<D: Domain>(d: &mut D, x: &D::I, y: &D::I, rem: bool) -> D::I {
    let zero = d.lit_i(0);
    let yneg = d.lt_i(y, &zero);
    let ny = d.sub_i(&zero, y);
    let ay = d.ite_i(&yneg, &ny, y);
    // The Euclidean remainder by |y| is in 0..|y|; truncation moves a negative dividend's
    // non-zero remainder below zero.
    let r = d.emod_i(x, &ay);
    let xneg = d.lt_i(x, &zero);
    let r0 = d.eq_i(&r, &zero);
    let rnz = d.not(&r0);
    let adjust = d.and(&xneg, &rnz);
    if rem {
        let r2 = d.sub_i(&r, &ay);
        return d.ite_i(&adjust, &r2, &r);
    }
    let q = d.ediv_i(x, &ay);
    let one = d.lit_i(1);
    let q1 = d.add_i(&q, &one);
    let tq = d.ite_i(&adjust, &q1, &q);
    let ntq = d.sub_i(&zero, &tq);
    d.ite_i(&yneg, &ntq, &tq)
}

/// `tl.atomic_*(pointer, val, mask, sem, scope)`: the access logged (see [`Op::Atomic`]);
/// its value, the elements' old contents, is refused where it is read (`crate::exec`).
fn atomic<D: LDomain>(
    m: &mut Machine<D>,
    rmw: crate::mem::Rmw,
    args: &[Option<KVal<D>>],
    spec: &OpSpec,
    pos: Pos,
) -> R<KVal<D>> {
    let name = rmw.name();
    let ptr = match need(args, 0, spec)? {
        KVal::BlockPtr(_) => return Err(format!("{name} through a block pointer")),
        p => block(&p, "the atomic's pointer")?,
    };
    let Ty::Ptr(buf) = ptr.ty else {
        return Err(format!("{name} on a {} block, not pointers", ptr.ty.name()));
    };
    for (k, what, read) in [
        (3, "sem", &["acq_rel", "acquire", "release", "relaxed"][..]),
        (4, "scope", &["gpu", "sys"][..]),
    ] {
        match opt(args, k) {
            None | Some(KVal::None) => {}
            Some(KVal::Str(v)) if read.contains(&v.as_str()) => {}
            Some(KVal::Str(v)) => {
                return Err(format!("`{what}=\"{v}\"` of {name} (atomics of different programs are then not atomic with each other)"))
            }
            Some(_) => return Err(format!("`{what}` of {name} that is not a string literal")),
        }
    }
    let value = block(&need(args, 1, spec)?, "the atomic's value")?;
    let shape = broadcast_shape(&ptr.shape, &value.shape)?;
    if shape != ptr.shape {
        return Err(format!(
            "{name} of a {:?} block through {:?} pointers",
            value.shape, ptr.shape
        ));
    }
    let value = to_real(&value.broadcast_to(&shape));
    let mask = mask_arg(m, &args[2], &ptr)?;
    gather_allowed(m, pos)?;
    m.accesses.push(Access {
        store: true,
        atomic: Some(rmw),
        buf,
        offset: Block { ty: Ty::Int, ..ptr },
        mask,
        value: Some(value),
        pos,
    });
    Ok(KVal::None)
}

/// An access at `pos` whose address depends on loaded data (a gather) is read only where the
/// claim takes its indices in range as a precondition (the kernel-level claim): proving them
/// in range would need the data's range, which no launcher states.
fn gather_allowed<D: Domain>(m: &Machine<D>, pos: Pos) -> R<()> {
    if m.gathers.contains(&pos) && !m.gathers_in_bounds {
        return Err("an address that depends on data loaded from memory (a gather: its indices in range are a precondition only the kernel-level claim states)".into());
    }
    Ok(())
}

/// A load from a buffer of integers ([`crate::elemkind`]): each lane reads the integer at
/// its offset; a masked-off lane holds `other` converted to an integer as Triton converts
/// it to the pointer's element type (a float truncates toward zero, [`trunc`]), or an
/// unspecified integer without it.
fn load_int<D: LDomain>(
    shape: Vec<usize>,
    name: String,
    offset: Block<D>,
    mask: Option<Block<D>>,
    other: Option<Block<D>>,
) -> Block<D> {
    let masked_name = format!("{name}#masked");
    Block::new(shape, Ty::Int, move |d: &mut D, l| {
        let off = offset.at(d, l).i(d);
        let x = d.load_i(&name, &off);
        let Some(mask) = &mask else {
            return Elem::I(x);
        };
        let c = mask.at(d, l).b(d);
        let o = match &other {
            Some(o) => {
                let e = o.at(d, l);
                trunc(d, e)
            }
            None => d.load_i(&masked_name, &off),
        };
        Elem::I(d.ite_i(&c, &x, &o))
    })
}

/// A value converted to an integer type: conditions and integers keep their value; a real
/// truncates toward zero, `floor(x)` for `x >= 0` and `-floor(-x)` below, through the
/// domain's one `floor` ([`LDomain::floor_i`]). A value outside the integer type's range is
/// not modelled: the verdict assumes it fits.
pub(crate) fn trunc<D: LDomain>(d: &mut D, e: Elem<D>) -> D::I {
    match e {
        Elem::I(_) | Elem::B(_) => e.i(d),
        e => {
            let x = e.v(d);
            let zero = d.lit_v(ElemType::Real, Literal::Int(0));
            let neg = tensor::compare(d, tensor::CompareOp::Lt, ElemType::Real, &x, &zero);
            let neg = d.truth(&neg);
            let up = d.floor_i(&x);
            let nx = d.prim(Prim::Neg, ElemType::Real, &[x]);
            let down = d.floor_i(&nx);
            let z = d.lit_i(0);
            let ndown = d.sub_i(&z, &down);
            d.ite_i(&neg, &ndown, &up)
        }
    }
}

/// `a % b` with a float operand, as Triton defines it: `a - floor(a / b) * b` (the result
/// takes the divisor's sign), through the ops' one `/` and `floor`.
fn float_mod<D: LDomain>(a: &Block<D>, b: &Block<D>) -> R<Block<D>> {
    let q = arith(Arith::Div, a, b)?;
    let f = map(&q, Ty::Real, |d, e| math_elem(d, "floor", e));
    let p = arith(Arith::Mul, &f, b)?;
    arith(Arith::Sub, a, &p)
}

fn mask_arg<D: LDomain>(
    m: &Machine<D>,
    arg: &Option<KVal<D>>,
    ptr: &Block<D>,
) -> R<Option<Block<D>>> {
    let mask = mask_only(arg, ptr)?;
    Ok(match (&m.guard, mask) {
        (None, mask) => mask,
        (Some(g), None) => Some(g.broadcast_to(&ptr.shape)),
        (Some(g), Some(mk)) => Some(logic(Logic::And, &mk, &g.broadcast_to(&ptr.shape))?),
    })
}

fn mask_only<D: LDomain>(arg: &Option<KVal<D>>, ptr: &Block<D>) -> R<Option<Block<D>>> {
    match arg {
        None | Some(KVal::None) => Ok(None),
        Some(v) => {
            let m = block(v, "the mask")?;
            let shape = broadcast_shape(&ptr.shape, &m.shape)?;
            if shape != ptr.shape {
                return Err(format!("a {:?} mask for {:?} pointers", m.shape, ptr.shape));
            }
            Ok(Some(to_bool(&m.broadcast_to(&shape))))
        }
    }
}

/// `name(e)` for a real function without a definition here (`Op::Math`, `floor`), through
/// the domain's symbol for it; infinities as libm gives them (`crate::ext::math`).
fn math_elem<D: LDomain>(d: &mut D, name: &'static str, e: Elem<D>) -> Elem<D> {
    if ext::any(d, &[&e]) {
        if name == "exp2" {
            return ext::exp(d, &e, |d, v| d.math(name, v));
        }
        return ext::math(d, name, &e, |d, v| d.math(name, v));
    }
    let v = e.v(d);
    Elem::V(d.math(name, &v))
}

/// `-e` on one real element (infinities swap).
fn neg_elem<D: LDomain>(d: &mut D, e: Elem<D>) -> Elem<D> {
    if ext::any(d, &[&e]) {
        return ext::neg(d, &e);
    }
    let v = e.v(d);
    Elem::V(d.prim(Prim::Neg, ElemType::Real, &[v]))
}

/// `pow(x, y)` ([`Op::Pow`]): a product of `y` factors `x` for a constant integer `y` in
/// `0..=MAX_POW` (a float literal with an integer value counts: `2.0`); any other exponent
/// makes it the real power, an uninterpreted function of both operands (`uf_pow`, no axioms:
/// the verdict names it; bounded by intervals concretely where `x > 0`).
fn pow<D: LDomain>(m: &mut Machine<D>, x: &KVal<D>, y: &KVal<D>) -> R<KVal<D>> {
    let k = match y {
        KVal::Int(k) => Some(*k),
        KVal::Float(n, 1) => Some(*n),
        _ => None,
    };
    let x = to_real(&block(x, "the base")?);
    let Some(k) = k.filter(|k| (0..=MAX_POW).contains(k)) else {
        let y = to_real(&block(y, "the exponent")?);
        if !m.math.contains(&"pow") {
            m.math.push("pow");
        }
        return Ok(KVal::Block(zip(&x, &y, Ty::Real, |d, a, b| {
            let (a, b) = (a.v(d), b.v(d));
            Elem::V(d.math2("pow", &a, &b))
        })?));
    };
    if k == 0 {
        let one = convert(&KVal::<D>::Int(1).block().expect("a block"), Ty::Real)?;
        return Ok(KVal::Block(one.broadcast_to(&x.shape)));
    }
    let mut acc = x.clone();
    for _ in 1..k {
        acc = arith(Arith::Mul, &acc, &x)?;
    }
    Ok(KVal::Block(acc))
}

/// `1 / (1 + exp(-x))`, Triton's `tl.sigmoid`.
fn sigmoid<D: Domain>(d: &mut D, x: &D::V) -> D::V {
    let nx = d.prim(Prim::Neg, ElemType::Real, &[x.clone()]);
    let e = d.prim(Prim::Exp, ElemType::Real, &[nx]);
    let one = d.lit_v(ElemType::Real, Literal::Int(1));
    let den = d.prim(Prim::Add, ElemType::Real, &[one.clone(), e]);
    d.prim(Prim::RealDiv, ElemType::Real, &[one, den])
}

/// An elementwise map.
pub(crate) fn map<D: LDomain>(
    x: &Block<D>,
    ty: Ty,
    f: impl Fn(&mut D, Elem<D>) -> Elem<D> + 'static,
) -> Block<D> {
    let xf = x.f.clone();
    Block::new(x.shape.clone(), ty, move |d, l| {
        let e = xf(d, l);
        f(d, e)
    })
}

/// An elementwise function of two broadcast blocks.
fn zip<D: LDomain>(
    a: &Block<D>,
    b: &Block<D>,
    ty: Ty,
    f: impl Fn(&mut D, Elem<D>, Elem<D>) -> Elem<D> + 'static,
) -> R<Block<D>> {
    let shape = broadcast_shape(&a.shape, &b.shape)?;
    let (a, b) = (a.broadcast_to(&shape), b.broadcast_to(&shape));
    Ok(Block::new(shape, ty, move |d, l| {
        let x = a.at(d, l);
        let y = b.at(d, l);
        f(d, x, y)
    }))
}

pub(crate) fn to_real<D: LDomain>(x: &Block<D>) -> Block<D> {
    if x.ty == Ty::Real {
        return x.clone();
    }
    map(x, Ty::Real, |d, e| Elem::V(e.v(d)))
}

fn to_bool<D: LDomain>(x: &Block<D>) -> Block<D> {
    if x.ty == Ty::Bool {
        return x.clone();
    }
    map(x, Ty::Bool, |d, e| Elem::B(e.b(d)))
}

/// `x.to(dtype)`.
/// The fixed-width type an integer conversion to the dtype `name` wraps into: Triton's
/// `int8`, `int16` and the unsigned types (`int32` and `int64` keep the value: no overflow of
/// integer arithmetic is the assumption every verdict names).
pub(crate) fn wrapping_type(name: &str) -> Option<tensor::IntTy> {
    let (bits, signed) = match name {
        "int8" => (8, true),
        "int16" => (16, true),
        "uint8" => (8, false),
        "uint16" => (16, false),
        "uint32" => (32, false),
        "uint64" => (64, false),
        _ => return None,
    };
    Some(tensor::IntTy { bits, signed })
}

/// `i` reduced modulo `2^bits` into `t`'s range: the value Triton's integer cast gives (it
/// truncates, or sign- or zero-extends, the two's complement bits of a value its source type
/// holds). One definition for both domains: the symbolic one builds `mod` terms (whose range
/// the solver knows), the concrete one computes [`tensor::IntTy::wrap`]'s number.
pub(crate) fn wrap_i<D: Domain>(d: &mut D, t: tensor::IntTy, i: &D::I) -> D::I {
    let lo = d.lit_i(t.min());
    let modulus = d.lit_i(1i128 << t.bits);
    let off = d.sub_i(i, &lo);
    let r = d.emod_i(&off, &modulus);
    d.add_i(&r, &lo)
}

/// An integer block converted to the fixed-width type `t` ([`wrap_i`] at every lane).
pub(crate) fn wrapped<D: LDomain>(x: &Block<D>, t: tensor::IntTy) -> Block<D> {
    map(x, Ty::Int, move |d, e| {
        let i = e.i(d);
        Elem::I(wrap_i(d, t, &i))
    })
}

pub(crate) fn convert<D: LDomain>(x: &Block<D>, ty: Ty) -> R<Block<D>> {
    match (x.ty, ty) {
        (a, b) if a == b => Ok(x.clone()),
        (_, Ty::Real) => Ok(to_real(x)),
        (_, Ty::Bool) => Ok(to_bool(x)),
        (Ty::Bool, Ty::Int) => Ok(map(x, Ty::Int, |d, e| Elem::I(e.i(d)))),
        (Ty::Real, Ty::Int) => Ok(map(x, Ty::Int, |d, e| Elem::I(trunc(d, e)))),
        (from, to) => Err(format!(
            "conversion of a {} block to {}",
            from.name(),
            to.name()
        )),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    /// True division (`/`): integers convert to floats, as in Triton.
    Div,
    Max,
    Min,
}

/// `a op b` with Triton's type rules: pointer ± integer is a pointer; integer op integer an
/// integer (except `/`); anything with a float is a float.
pub(crate) fn arith<D: LDomain>(op: Arith, a: &Block<D>, b: &Block<D>) -> R<Block<D>> {
    use Ty::*;
    match (a.ty, b.ty, op) {
        (Ptr(p), Int | Bool, Arith::Add | Arith::Sub) | (Int | Bool, Ptr(p), Arith::Add) => {
            zip(a, b, Ptr(p), move |d, x, y| {
                let (x, y) = (x.i(d), y.i(d));
                Elem::I(if op == Arith::Add {
                    d.add_i(&x, &y)
                } else {
                    d.sub_i(&x, &y)
                })
            })
        }
        (Ptr(_), Real, Arith::Add | Arith::Sub) | (Real, Ptr(_), Arith::Add) => Err(
            "a pointer offset that is a float block (an index loaded from memory, a gather: \
             loads read reals here, and an address that depends on loaded data is not modelled)"
                .into(),
        ),
        (Ptr(_), _, _) | (_, Ptr(_), _) => {
            Err(format!("{op:?} of a {} and a {} block", a.ty.name(), b.ty.name()).to_lowercase())
        }
        (
            Int | Bool,
            Int | Bool,
            Arith::Add | Arith::Sub | Arith::Mul | Arith::Max | Arith::Min,
        ) => zip(a, b, Int, move |d, x, y| {
            let (x, y) = (x.i(d), y.i(d));
            Elem::I(match op {
                Arith::Add => d.add_i(&x, &y),
                Arith::Sub => d.sub_i(&x, &y),
                Arith::Mul => d.mul_i(&x, &y),
                Arith::Max | Arith::Min => {
                    let lt = d.lt_i(&x, &y);
                    match op {
                        Arith::Max => d.ite_i(&lt, &y, &x),
                        _ => d.ite_i(&lt, &x, &y),
                    }
                }
                Arith::Div => unreachable!("integer `/` is a float division"),
            })
        }),
        _ => zip(a, b, Real, move |d, x, y| {
            if ext::any(d, &[&x, &y]) {
                return match op {
                    Arith::Add | Arith::Sub => ext::add(d, &x, &y, op == Arith::Sub),
                    Arith::Max | Arith::Min => ext::max_min(d, op == Arith::Max, &x, &y),
                    Arith::Mul => ext::mul(d, &x, &y),
                    Arith::Div => ext::div(d, &x, &y),
                };
            }
            let (x, y) = (x.v(d), y.v(d));
            let r = ElemType::Real;
            Elem::V(match op {
                Arith::Add => tensor::binary(d, BinaryOp::Add, r, &x, &y),
                Arith::Sub => tensor::binary(d, BinaryOp::Sub, r, &x, &y),
                Arith::Mul => tensor::binary(d, BinaryOp::Mul, r, &x, &y),
                Arith::Max => tensor::binary(d, BinaryOp::Max, r, &x, &y),
                Arith::Min => tensor::binary(d, BinaryOp::Min, r, &x, &y),
                // `x * (1 / y)`: the same function as `x / y` wherever `y != 0` (the reals
                // give `x / 0` no value; kernel and formula divide through this one
                // definition, so they agree there too), and linear in `x`, so a sum divides
                // term by term (a mean).
                Arith::Div => {
                    let one = d.lit_v(r, Literal::Int(1));
                    let inv = d.prim(Prim::RealDiv, r, &[one, y]);
                    tensor::binary(d, BinaryOp::Mul, r, &x, &inv)
                }
            })
        }),
    }
}

/// Unary minus.
pub(crate) fn negate<D: LDomain>(a: &Block<D>) -> R<Block<D>> {
    match a.ty {
        Ty::Int | Ty::Bool => Ok(map(a, Ty::Int, |d, e| {
            let z = d.lit_i(0);
            let x = e.i(d);
            Elem::I(d.sub_i(&z, &x))
        })),
        Ty::Real => Ok(map(a, Ty::Real, |d, e| {
            if ext::any(d, &[&e]) {
                return ext::neg(d, &e);
            }
            let x = e.v(d);
            Elem::V(d.prim(Prim::Neg, ElemType::Real, &[x]))
        })),
        Ty::Ptr(_) => Err("the negation of a pointer".into()),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// `a op b` of numbers. Triton 3.2's front end rejects a comparison with a pointer operand
/// ("invalid operands of type pointer<fp32> and pointer<fp32>", `semantic.less_than` and its
/// siblings accept no pointers), so the kernel cannot run and nothing is claimed of it.
pub(crate) fn compare<D: LDomain>(op: Cmp, a: &Block<D>, b: &Block<D>) -> R<Block<D>> {
    if matches!(a.ty, Ty::Ptr(_)) || matches!(b.ty, Ty::Ptr(_)) {
        return Err(
            "a comparison with a pointer operand (Triton 3.2 rejects it: invalid operands of type pointer)"
                .into(),
        );
    }
    let ints = matches!(a.ty, Ty::Int | Ty::Bool) && matches!(b.ty, Ty::Int | Ty::Bool);
    zip(a, b, Ty::Bool, move |d, x, y| {
        let c = if ints {
            let (x, y) = (x.i(d), y.i(d));
            match op {
                Cmp::Lt => d.lt_i(&x, &y),
                Cmp::Le => d.le_i(&x, &y),
                Cmp::Gt => d.lt_i(&y, &x),
                Cmp::Ge => d.le_i(&y, &x),
                Cmp::Eq => d.eq_i(&x, &y),
                Cmp::Ne => {
                    let e = d.eq_i(&x, &y);
                    d.not(&e)
                }
            }
        } else if let Some(c) = class_compare(d, op, &x, &y) {
            c
        } else if ext::any(d, &[&x, &y]) {
            let decide = move |o: std::cmp::Ordering| match op {
                Cmp::Lt => o.is_lt(),
                Cmp::Le => o.is_le(),
                Cmp::Gt => o.is_gt(),
                Cmp::Ge => o.is_ge(),
                Cmp::Eq => o.is_eq(),
                Cmp::Ne => o.is_ne(),
            };
            let finite = move |d: &mut D, x: &D::V, y: &D::V| {
                let v = tensor::compare(d, cmp_op(op), ElemType::Real, x, y);
                d.truth(&v)
            };
            ext::compare(d, &x, &y, finite, decide, op == Cmp::Ne)
        } else {
            let (x, y) = (x.v(d), y.v(d));
            let op = match op {
                Cmp::Lt => tensor::CompareOp::Lt,
                Cmp::Le => tensor::CompareOp::Le,
                Cmp::Gt => tensor::CompareOp::Gt,
                Cmp::Ge => tensor::CompareOp::Ge,
                Cmp::Eq => tensor::CompareOp::Eq,
                Cmp::Ne => tensor::CompareOp::Ne,
            };
            let v = tensor::compare(d, op, ElemType::Real, &x, &y);
            d.truth(&v)
        };
        Elem::B(c)
    })
}

/// The class test `name` ([`CLASSES`], [`Op::Class`]) of each lane of `x`, at `pos` in the
/// source (for the message when `x` is not loaded).
pub(crate) fn class<D: LDomain>(name: &'static str, x: &Block<D>, pos: Pos) -> Block<D> {
    let x = to_real(x);
    let at = format!("{pos}");
    map(&x, Ty::Bool, move |d, e| {
        Elem::B(ext::class(d, name, &e, |d, v| d.class(name, v, &at)))
    })
}

/// An equality of a loaded value that IEEE decides by the value's class ([`Op::Class`]):
/// `x == inf` (`isposinf(x)`), `x == -inf` (`isneginf(x)`), `x != x` (`isnan(x)`), and their
/// negations. The real model would fold each (a loaded real is finite and equals itself): a
/// formula that says nothing of the kernel's NaN or infinite inputs. Other comparisons with an
/// infinity, and a computed value's with one, keep the real model's reading (the running
/// maximum of an online softmax, `m == -inf`).
fn class_compare<D: LDomain>(d: &mut D, op: Cmp, x: &Elem<D>, y: &Elem<D>) -> Option<D::B> {
    if !matches!(op, Cmp::Eq | Cmp::Ne) {
        return None;
    }
    let (Elem::V(a), Elem::V(b)) = (x, y) else {
        return None;
    };
    let (name, v) = match (d.inf_of(a), d.inf_of(b)) {
        (None, Some(up)) => (if up { "isposinf" } else { "isneginf" }, a),
        (Some(up), None) => (if up { "isposinf" } else { "isneginf" }, b),
        (None, None) if d.same_v(a, b) => ("isnan", a),
        _ => return None,
    };
    // `x != x` of a computed value is unsupported ([`LDomain::class`] names it); a computed
    // value compared with an infinity keeps the real model's reading (finite).
    if name != "isnan" && !d.loaded_v(v) {
        return None;
    }
    let c = d.class(name, v, "a comparison");
    // `x != x` is `isnan(x)`; `x == x` its negation.
    Some(if (op == Cmp::Ne) == (name == "isnan") {
        c
    } else {
        d.not(&c)
    })
}

fn cmp_op(op: Cmp) -> tensor::CompareOp {
    match op {
        Cmp::Lt => tensor::CompareOp::Lt,
        Cmp::Le => tensor::CompareOp::Le,
        Cmp::Gt => tensor::CompareOp::Gt,
        Cmp::Ge => tensor::CompareOp::Ge,
        Cmp::Eq => tensor::CompareOp::Eq,
        Cmp::Ne => tensor::CompareOp::Ne,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Logic {
    And,
    Or,
    /// `^` on conditions.
    Xor,
}

/// `&`, `|` and `^` on conditions (and Python `and`/`or` on masks).
pub(crate) fn logic<D: LDomain>(op: Logic, a: &Block<D>, b: &Block<D>) -> R<Block<D>> {
    if a.ty != Ty::Bool || b.ty != Ty::Bool {
        return Err(format!(
            "bitwise {op:?} of {} and {} blocks (only conditions are supported)",
            a.ty.name(),
            b.ty.name()
        )
        .to_lowercase());
    }
    zip(a, b, Ty::Bool, move |d, x, y| {
        let (x, y) = (x.b(d), y.b(d));
        Elem::B(match op {
            Logic::And => d.and(&x, &y),
            Logic::Or => d.or(&x, &y),
            Logic::Xor => {
                let (any, both) = (d.or(&x, &y), d.and(&x, &y));
                let nb = d.not(&both);
                d.and(&any, &nb)
            }
        })
    })
}

/// `~c` / `not c` on a condition.
pub(crate) fn not<D: LDomain>(a: &Block<D>) -> R<Block<D>> {
    if a.ty != Ty::Bool {
        return Err(format!("`~` of a {} block", a.ty.name()));
    }
    Ok(map(a, Ty::Bool, |d, e| {
        let x = e.b(d);
        Elem::B(d.not(&x))
    }))
}

/// `~x` (Triton's `__invert__`): on a condition its negation; on an integer the bitwise
/// complement, `-x - 1` in two's complement at every width; floats and pointers have none
/// (Triton rejects them).
pub(crate) fn invert<D: LDomain>(a: &Block<D>) -> R<Block<D>> {
    match a.ty {
        Ty::Bool => not(a),
        Ty::Int => Ok(map(a, Ty::Int, |d, e| {
            let x = e.i(d);
            let m1 = d.lit_i(-1);
            Elem::I(d.sub_i(&m1, &x))
        })),
        other => Err(format!("`~` of a {} block", other.name())),
    }
}

/// Python's `not c` on a block: the negation of a condition. Of other blocks Triton's
/// reading depends on its version (a bitcast to `int1`): unsupported.
pub(crate) fn logical_not<D: LDomain>(a: &Block<D>) -> R<Block<D>> {
    if a.ty != Ty::Bool {
        return Err(format!(
            "`not` of a {} block (only conditions; `x == 0` says it for any value)",
            a.ty.name()
        ));
    }
    not(a)
}

/// `tl.where(c, x, y)`.
pub(crate) fn select<D: LDomain>(c: &Block<D>, x: &Block<D>, y: &Block<D>) -> R<Block<D>> {
    let s1 = broadcast_shape(&c.shape, &x.shape)?;
    let shape = broadcast_shape(&s1, &y.shape)?;
    let c = to_bool(&c.broadcast_to(&shape));
    let ints = matches!(x.ty, Ty::Int | Ty::Bool) && matches!(y.ty, Ty::Int | Ty::Bool);
    let ty = match (x.ty, y.ty) {
        (Ty::Ptr(p), Ty::Ptr(q)) if p == q => Ty::Ptr(p),
        (Ty::Ptr(_), _) | (_, Ty::Ptr(_)) => {
            return Err("tl.where between pointers of different buffers".into())
        }
        _ if ints => Ty::Int,
        _ => Ty::Real,
    };
    let (x, y) = (x.broadcast_to(&shape), y.broadcast_to(&shape));
    Ok(Block::new(shape, ty, move |d, l| {
        let cc = c.at(d, l).b(d);
        let (a, b) = (x.at(d, l), y.at(d, l));
        match ty {
            Ty::Real => {
                if ext::any(d, &[&a, &b]) {
                    return ext::select(d, &cc, &a, &b);
                }
                let (a, b) = (a.v(d), b.v(d));
                Elem::V(d.ite_v(&cc, &a, &b))
            }
            _ => {
                let (a, b) = (a.i(d), b.i(d));
                Elem::I(d.ite_i(&cc, &a, &b))
            }
        }
    }))
}

/// `x[:, None]`-style indexing: a new axis of size 1 wherever `keep` is false.
pub(crate) fn expand_dims<D: LDomain>(x: &Block<D>, keep: &[bool]) -> Block<D> {
    let mut shape = Vec::new();
    let mut k = 0;
    for keep_it in keep {
        if *keep_it {
            shape.push(x.shape[k]);
            k += 1;
        } else {
            shape.push(1);
        }
    }
    let keep = keep.to_vec();
    let f = x.f.clone();
    Block::new(shape, x.ty, move |d: &mut D, l: &[D::I]| {
        let inner: Vec<D::I> = l
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(i, _)| i.clone())
            .collect();
        f(d, &inner)
    })
}

/// `tl.sum`/`tl.max`/`tl.min(x, axis)`: the reduction of the elements along `axis`, through
/// [`LDomain::reduction`] (an atom symbolically, enumerated concretely). Memoized per lane, so
/// that every use of one reduced block is one value (one atom).
pub(crate) fn reduce<D: LDomain>(
    x: &Block<D>,
    axis: usize,
    keep_dims: bool,
    r: tensor::Reducer,
) -> Block<D> {
    let n = x.shape[axis];
    let mut shape = x.shape.clone();
    if keep_dims {
        shape[axis] = 1;
    } else {
        shape.remove(axis);
    }
    let x = x.clone();
    memoized(Block::new(shape, Ty::Real, move |d: &mut D, l: &[D::I]| {
        let outer: Vec<D::I> = l.to_vec();
        let x = x.clone();
        let extent = d.extent(n);
        d.reduction(r, &extent, &mut |d: &mut D, k: &D::I| {
            let mut full = outer.clone();
            if keep_dims {
                full[axis] = k.clone();
            } else {
                full.insert(axis, k.clone());
            }
            x.at(d, &full)
        })
    }))
}

/// `tl.cumsum` along `axis` (lane `j`: the sum of lanes `0..=j`, or `j..n` when `reverse`),
/// made under the path condition `guard` as [`reduce_under`] makes a reduction.
pub(crate) fn cumsum_under<D: LDomain>(
    x: &Block<D>,
    axis: usize,
    reverse: bool,
    guard: Option<Block<D>>,
) -> Block<D> {
    let n = x.shape[axis];
    let x = x.clone();
    memoized(Block::new(
        x.shape.clone(),
        Ty::Real,
        move |d: &mut D, l: &[D::I]| {
            if let Some(g) = &guard {
                let c = g.at(d, &[]).b(d);
                d.enter_fact(&c);
            }
            let j = l[axis].clone();
            let (extent, first) = if reverse {
                let n = d.extent(n);
                (d.sub_i(&n, &j), j.clone())
            } else {
                let one = d.lit_i(1);
                (d.add_i(&j, &one), d.lit_i(0))
            };
            let (x, lanes) = (x.clone(), l.to_vec());
            let e = d.reduction(tensor::Reducer::Sum, &extent, &mut |d: &mut D, k: &D::I| {
                let mut at = lanes.clone();
                at[axis] = d.add_i(&first, k);
                x.at(d, &at)
            });
            if guard.is_some() {
                d.leave_fact();
            }
            e
        },
    ))
}

/// `b` computed once per lane: every use of one value at one lane is one term (one atom), so
/// that comparisons of terms (factor checks, atom matching) see them as equal.
pub(crate) fn memoized<D: LDomain>(b: Block<D>) -> Block<D> {
    let memo: std::rc::Rc<std::cell::RefCell<crate::value::LaneMemo<D>>> = Default::default();
    Block::new(b.shape.clone(), b.ty, move |d: &mut D, l: &[D::I]| {
        if let Some(e) = memo.borrow().get(d, 0, l) {
            return e;
        }
        let e = b.at(d, l);
        memo.borrow_mut().insert(d, 0, l, e.clone());
        e
    })
}

/// A 2-D block with its axes swapped (`tl.trans` without `dims`).
pub(crate) fn transpose<D: LDomain>(x: &Block<D>) -> Result<Block<D>, String> {
    let [r, c] = x.shape[..] else {
        return Err(format!(
            "tl.trans of a {}-D block (2-D only)",
            x.shape.len()
        ));
    };
    let f = x.f.clone();
    Ok(Block::new(
        vec![c, r],
        x.ty,
        move |d: &mut D, lane: &[D::I]| f(d, &[lane[1].clone(), lane[0].clone()]),
    ))
}

/// `&`, `|`, `^`, `<<` and `>>` of integer blocks (a condition is the integer 0 or 1, as
/// Triton promotes `int1`). Integers are mathematical here (the model of every integer
/// type), so these are Python's operators on unbounded two's complement, which agree with
/// Triton's fixed-width ones wherever no value wraps: `&`, `|`, `^` exactly for operands of
/// any integer type (`-2^63 <= x < 2^64`): the low 64 bits through the core's bit-vector
/// primitive ([`Prim::Bitwise`]), the bits above them the operator of the signs; `x >> s`
/// is `floor(x / 2^s)` (arithmetic for signed types, logical for unsigned ones, whose values
/// are non-negative), `x << s` is `x * 2^s` (no wrap-around, as for `*`). A shift amount
/// is read unsigned (Triton leaves one outside `0..width` undefined).
pub(crate) fn bitwise<D: LDomain>(op: tensor::BitOp, a: &Block<D>, b: &Block<D>) -> R<Block<D>> {
    let int = |t: Ty| matches!(t, Ty::Int | Ty::Bool);
    if !int(a.ty) || !int(b.ty) {
        return Err(format!(
            "bitwise {} of {} and {} blocks (only integers and conditions are supported)",
            format!("{op:?}").to_lowercase(),
            a.ty.name(),
            b.ty.name()
        ));
    }
    zip(a, b, Ty::Int, move |d, x, y| {
        let (x, y) = (x.i(d), y.i(d));
        Elem::I(int_bitwise(d, op, &x, &y))
    })
}

/// One element of [`bitwise`].
fn int_bitwise<D: LDomain>(d: &mut D, op: tensor::BitOp, x: &D::I, y: &D::I) -> D::I {
    use tensor::BitOp as B;
    let zero = d.lit_i(0);
    let low64 = |d: &mut D, op: B, x: &D::I, y: &D::I| {
        let (xv, yv) = (d.index_v(ElemType::Int, x), d.index_v(ElemType::Int, y));
        let r = d.prim(Prim::Bitwise(op, 64), ElemType::Int, &[xv, yv]);
        d.floor_v(&r)
    };
    match op {
        B::And | B::Or | B::Xor => {
            let (nx, ny) = (d.lt_i(x, &zero), d.lt_i(y, &zero));
            let negative = match op {
                B::And => d.and(&nx, &ny),
                B::Or => d.or(&nx, &ny),
                _ => {
                    let (any, both) = (d.or(&nx, &ny), d.and(&nx, &ny));
                    let nb = d.not(&both);
                    d.and(&any, &nb)
                }
            };
            let low = low64(d, op, x, y);
            let wrap = d.lit_i(1i128 << 64);
            let below = d.sub_i(&low, &wrap);
            d.ite_i(&negative, &below, &low)
        }
        // `x >> s` of a negative `x` is `~(~x >> s)`, `~x = -x - 1` non-negative.
        B::AShr | B::LShr => {
            let nx = d.lt_i(x, &zero);
            let m1 = d.lit_i(-1);
            let inv = d.sub_i(&m1, x);
            let shifted_pos = low64(d, B::LShr, x, y);
            let shifted_inv = low64(d, B::LShr, &inv, y);
            let back = d.sub_i(&m1, &shifted_inv);
            d.ite_i(&nx, &back, &shifted_pos)
        }
        // `x << s` is `x * 2^s`: `2^s` as `1 << s` on 64 bits (no wrap-around: the product
        // is the mathematical one, as for `*`).
        B::Shl => {
            let one = d.lit_i(1);
            let power = low64(d, B::Shl, &one, y);
            d.mul_i(x, &power)
        }
    }
}
