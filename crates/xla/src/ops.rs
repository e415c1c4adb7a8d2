//! The table of HLO ops this front end gives a meaning, with the attributes each reads, and
//! the readers of attribute values. An attribute an op carries that its entry does not read,
//! and that is not meaning-free ([`MEANING_FREE`]), makes the module `unknown`, naming it.

use crate::hlo::{Computation, Instr, Module};
use crate::lower::{compare_op, Unsupported};
use report::Span;
use tensor::{BinaryOp, CompareOp, UnaryOp};

/// One op: its opcode, operand count (`None`: any), and the attributes its meaning reads.
pub struct OpSpec {
    pub name: &'static str,
    pub arity: Option<usize>,
    pub reads: &'static [&'static str],
}

const fn op(name: &'static str, arity: Option<usize>, reads: &'static [&'static str]) -> OpSpec {
    OpSpec { name, arity, reads }
}

/// Every op with a meaning (docs/xla.md lists them with XLA's operation semantics).
pub const OPS: &[OpSpec] = &[
    op("parameter", Some(0), &[]),
    op("constant", Some(0), &[]),
    op("tuple", None, &[]),
    op("get-tuple-element", Some(1), &["index"]),
    op("fusion", None, &["calls", "kind"]),
    op("call", None, &["to_apply"]),
    op("while", Some(1), &["condition", "body"]),
    op("copy", Some(1), &[]),
    op("iota", Some(0), &["iota_dimension"]),
    op("add", Some(2), &[]),
    op("subtract", Some(2), &[]),
    op("multiply", Some(2), &[]),
    op("divide", Some(2), &[]),
    op("remainder", Some(2), &[]),
    op("maximum", Some(2), &[]),
    op("minimum", Some(2), &[]),
    op("power", Some(2), &[]),
    op("and", Some(2), &[]),
    op("or", Some(2), &[]),
    op("xor", Some(2), &[]),
    op("negate", Some(1), &[]),
    op("abs", Some(1), &[]),
    op("exponential", Some(1), &[]),
    op("log", Some(1), &[]),
    op("sqrt", Some(1), &[]),
    op("rsqrt", Some(1), &[]),
    op("tanh", Some(1), &[]),
    op("floor", Some(1), &[]),
    op("ceil", Some(1), &[]),
    op("round-nearest-even", Some(1), &[]),
    op("round-nearest-afz", Some(1), &[]),
    op("sign", Some(1), &[]),
    op("logistic", Some(1), &[]),
    op("log-plus-one", Some(1), &[]),
    op("exponential-minus-one", Some(1), &[]),
    op("sine", Some(1), &[]),
    op("cosine", Some(1), &[]),
    op("cbrt", Some(1), &[]),
    op("is-finite", Some(1), &[]),
    op("atan2", Some(2), &[]),
    op("not", Some(1), &[]),
    op("shift-left", Some(2), &[]),
    op("shift-right-logical", Some(2), &[]),
    op("shift-right-arithmetic", Some(2), &[]),
    op("popcnt", Some(1), &[]),
    op("count-leading-zeros", Some(1), &[]),
    op("bitcast-convert", Some(1), &[]),
    op("while", Some(1), &["condition", "body"]),
    op("convert", Some(1), &[]),
    op("compare", Some(2), &["direction", "type"]),
    op("select", Some(3), &[]),
    op("clamp", Some(3), &[]),
    op("broadcast", Some(1), &["dimensions"]),
    op("reshape", Some(1), &[]),
    op("bitcast", Some(1), &[]),
    op("transpose", Some(1), &["dimensions"]),
    op("slice", Some(1), &["slice"]),
    op("dynamic-slice", None, &["dynamic_slice_sizes"]),
    op("dynamic-update-slice", None, &[]),
    op("concatenate", None, &["dimensions"]),
    op("pad", Some(2), &["padding"]),
    op("reverse", Some(1), &["dimensions"]),
    op("reduce", Some(2), &["dimensions", "to_apply"]),
    op("reduce-window", Some(2), &["window", "to_apply"]),
    op(
        "dot",
        Some(2),
        &[
            "lhs_contracting_dims",
            "rhs_contracting_dims",
            "lhs_batch_dims",
            "rhs_batch_dims",
        ],
    ),
    op(
        "convolution",
        Some(2),
        &[
            "window",
            "dim_labels",
            "feature_group_count",
            "batch_group_count",
        ],
    ),
];

/// Attributes that do not change what an op computes, with the reason.
pub const MEANING_FREE: &[(&str, &str)] = &[
    ("metadata", "source locations and op names for debugging"),
    ("frontend_attributes", "annotations for the frontend"),
    ("sharding", "placement on devices; one device here"),
    (
        "backend_config",
        "code generation parameters of the CPU backend",
    ),
    (
        "operand_precision",
        "a precision hint; XLA:CPU computes f32 dots in f32",
    ),
    ("statistics", "profiling data"),
    (
        "control-predecessors",
        "an order of execution (copies of a loop's state); values do not depend on it",
    ),
    ("origin", "provenance"),
];

pub fn spec(opcode: &str) -> Option<&'static OpSpec> {
    OPS.iter().find(|o| o.name == opcode)
}

pub fn arity(opcode: &str) -> Option<usize> {
    spec(opcode).and_then(|s| s.arity)
}

/// The op is in the table and carries only attributes it reads or meaning-free ones.
pub fn check_attrs(ins: &Instr) -> Result<(), Unsupported> {
    let Some(s) = spec(&ins.opcode.text) else {
        return Err(Unsupported {
            what: format!("op {} (no meaning given yet)", ins.opcode.text),
            span: ins.opcode.span,
        });
    };
    for a in &ins.attrs {
        let name = a.name.text.as_str();
        if !s.reads.contains(&name) && !MEANING_FREE.iter().any(|(m, _)| *m == name) {
            return Err(Unsupported {
                what: format!("attribute {name} of {} (not read yet)", ins.opcode.text),
                span: a.name.span,
            });
        }
    }
    Ok(())
}

/// How an elementwise op maps to the core.
pub enum Elementwise {
    Unary(UnaryOp),
    Binary(BinaryOp),
    Compare,
    Select,
    Clamp,
}

pub fn elementwise(opcode: &str) -> Option<Elementwise> {
    use Elementwise::*;
    Some(match opcode {
        "add" => Binary(BinaryOp::Add),
        "subtract" => Binary(BinaryOp::Sub),
        "multiply" => Binary(BinaryOp::Mul),
        "divide" => Binary(BinaryOp::Div),
        "remainder" => Binary(BinaryOp::Rem),
        "maximum" => Binary(BinaryOp::Max),
        "minimum" => Binary(BinaryOp::Min),
        "power" => Binary(BinaryOp::Pow),
        "and" => Binary(BinaryOp::And),
        "or" => Binary(BinaryOp::Or),
        "xor" => Binary(BinaryOp::Xor),
        "negate" => Unary(UnaryOp::Neg),
        "abs" => Unary(UnaryOp::Abs),
        "exponential" => Unary(UnaryOp::Exp),
        "log" => Unary(UnaryOp::Log),
        "sqrt" => Unary(UnaryOp::Sqrt),
        "rsqrt" => Unary(UnaryOp::Rsqrt),
        "tanh" => Unary(UnaryOp::Tanh),
        "floor" => Unary(UnaryOp::Floor),
        "ceil" => Unary(UnaryOp::Ceil),
        "round-nearest-even" => Unary(UnaryOp::RoundNearestEven),
        "round-nearest-afz" => Unary(UnaryOp::RoundNearestAfz),
        "sign" => Unary(UnaryOp::Sign),
        "logistic" => Unary(UnaryOp::Logistic),
        "log-plus-one" => Unary(UnaryOp::Log1p),
        "exponential-minus-one" => Unary(UnaryOp::Expm1),
        "sine" => Unary(UnaryOp::Sin),
        "cosine" => Unary(UnaryOp::Cos),
        "cbrt" => Unary(UnaryOp::Cbrt),
        "is-finite" => Unary(UnaryOp::IsFinite),
        "atan2" => Binary(BinaryOp::Atan2),
        "not" => Unary(UnaryOp::Not),
        "popcnt" => Unary(UnaryOp::Popcnt),
        "count-leading-zeros" => Unary(UnaryOp::Clz),
        "shift-left" => Binary(BinaryOp::ShiftLeft),
        "shift-right-logical" => Binary(BinaryOp::ShiftRightLogical),
        "shift-right-arithmetic" => Binary(BinaryOp::ShiftRightArithmetic),
        "compare" => Compare,
        "select" => Select,
        "clamp" => Clamp,
        _ => return None,
    })
}

fn attr_err(ins: &Instr, name: &str, span: Span, what: &str) -> Unsupported {
    Unsupported {
        what: format!("{}: {name}={what}", ins.opcode.text),
        span,
    }
}

/// A required attribute's text and span.
pub fn attr<'a>(ins: &'a Instr, name: &str) -> Result<(&'a str, Span), Unsupported> {
    ins.attr(name)
        .map(|a| (a.value.as_str(), a.value_span))
        .ok_or(Unsupported {
            what: format!("{} without {name}=", ins.opcode.text),
            span: ins.span,
        })
}

pub fn int_attr(ins: &Instr, name: &str) -> Result<i64, Unsupported> {
    let (v, span) = attr(ins, name)?;
    v.trim()
        .parse()
        .map_err(|_| attr_err(ins, name, span, &format!("{v} (expected an integer)")))
}

/// `{1,0}` as a list; `{}` is empty.
pub fn int_list(ins: &Instr, name: &str) -> Result<Vec<i64>, Unsupported> {
    let (v, span) = attr(ins, name)?;
    parse_int_list(v)
        .ok_or_else(|| attr_err(ins, name, span, &format!("{v} (expected {{i,j,...}})")))
}

/// An optional list attribute, empty when absent.
pub fn int_list_or_empty(ins: &Instr, name: &str) -> Result<Vec<i64>, Unsupported> {
    match ins.attr(name) {
        Some(_) => int_list(ins, name),
        None => Ok(vec![]),
    }
}

pub fn parse_int_list(v: &str) -> Option<Vec<i64>> {
    let inner = v.trim().strip_prefix('{')?.strip_suffix('}')?;
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect()
}

/// The computation an attribute (`calls=%f`, `to_apply=%add`) names.
pub fn computation_attr<'m>(
    m: &'m Module,
    ins: &Instr,
    name: &str,
) -> Result<&'m Computation, Unsupported> {
    let (v, span) = attr(ins, name)?;
    let callee = v.trim().trim_start_matches('%');
    m.computation(callee)
        .ok_or_else(|| attr_err(ins, name, span, &format!("{v} (no such computation)")))
}

/// `direction=` of a compare; `type=` must be the default float comparison.
pub fn direction(ins: &Instr) -> Result<CompareOp, Unsupported> {
    let (v, span) = attr(ins, "direction")?;
    let op = compare_op(v.trim()).ok_or_else(|| attr_err(ins, "direction", span, v))?;
    if let Some(t) = ins.attr("type") {
        if !matches!(t.value.as_str(), "FLOAT" | "UNSIGNED" | "SIGNED") {
            return Err(attr_err(
                ins,
                "type",
                t.value_span,
                &format!("{} (total-order comparison not modelled yet)", t.value),
            ));
        }
    }
    Ok(op)
}
