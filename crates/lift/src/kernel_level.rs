//! The kernel-level claim, for a kernel whose launcher was not read: what the kernel computes
//! as a function of its own parameters, for every value of its size and every number of
//! programs, with no shape taken from a launcher.
//!
//! This slice covers the 1-D pattern (one integer parameter that the body compares, one block
//! size, pointers indexed by one offset): each pointer is a tensor of `n` elements, so the
//! bounds obligations prove "in bounds when every tensor has at least `n` elements", the
//! stated precondition; the grid is a free number of programs, so coverage is not claimed
//! (each element the kernel writes has the formula's value). The block size is each value an
//! autotune configuration gives, else the parameter's default, else each of a stated sweep.

use crate::front::KernelDef;
use crate::host::{self, HExpr, HostArg, HostModel};
use ruff_python_ast::{Expr, Number};

/// The block sizes tried when nothing in the text fixes the block size.
pub(crate) const SWEEP: &[i128] = &[1, 32, 1024];

/// The model of case `case` of the kernel-level claim of `kernel` under autotune
/// configuration `config`, or why there is none. `unread`: what of the launcher was not
/// read, and where (stated in the claim).
pub(crate) fn launch(
    kernel: &KernelDef,
    pointer_params: &[String],
    config: &[(String, Expr)],
    case: usize,
    unread: &str,
) -> Result<HostModel, String> {
    let mut m = host::assumed_launch(kernel, pointer_params)?;
    let n = m.sizes[0].clone();
    if !m.facts.is_empty() || !m.derived.is_empty() || !m.premises.is_empty() {
        return Err("the assumed model has facts of its own".into());
    }
    let block = kernel
        .params
        .iter()
        .find(|p| p.constexpr && p.default.is_none())
        .map(|p| p.name.clone())
        .ok_or("no block size parameter")?;
    let fixed = config
        .iter()
        .find(|(name, _)| *name == block)
        .map(|(_, e)| int_literal(e).ok_or(format!("the configuration's `{block}` is not an integer literal")))
        .transpose()?;
    let value = match fixed {
        Some(v) => v,
        None => {
            m.cases = SWEEP.len();
            SWEEP[case.min(SWEEP.len() - 1)]
        }
    };
    for (name, arg) in m.args.iter_mut() {
        if *name == block {
            *arg = HostArg::Int(HExpr::Lit(value));
        }
    }
    // The number of programs is size 0: the bounded concrete run keeps the first size small
    // while it tries the others large.
    for t in m.tensors.iter_mut() {
        t.shape = t.shape.iter().map(shifted).collect();
    }
    for (_, arg) in m.args.iter_mut() {
        if let HostArg::Int(e) = arg {
            *e = shifted(e);
        }
    }
    m.sizes.insert(0, "programs".into());
    m.caller_ints = m.caller_ints.iter().map(|k| k + 1).collect();
    m.grid = vec![HExpr::Size(0)];
    m.launcher = "<kernel-level claim>".into();
    let tensors: Vec<String> = m.tensors.iter().map(|t| format!("`{}`", t.name)).collect();
    let chosen = match fixed {
        Some(_) => format!("`{block}` = {value} (its autotune configuration)"),
        None => format!(
            "`{block}` each of {} (nothing in the text fixes it: a stated sweep)",
            SWEEP.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
        ),
    };
    m.assumptions = vec![
        format!("kernel-level claim, the launcher not read ({unread}): for every `{n}` and every number of programs, each element the kernel writes has the formula's value (which elements are written depends on the launch: not claimed)"),
        format!("in bounds when {} each have at least `{n}` elements (a precondition of the launch)", tensors.join(", ")),
        chosen,
    ];
    Ok(m)
}

/// `e` with every size index one higher (a size inserted before them).
fn shifted(e: &HExpr) -> HExpr {
    let b = |x: &HExpr| Box::new(shifted(x));
    match e {
        HExpr::Lit(v) => HExpr::Lit(*v),
        HExpr::Size(k) => HExpr::Size(k + 1),
        HExpr::Add(x, y) => HExpr::Add(b(x), b(y)),
        HExpr::Sub(x, y) => HExpr::Sub(b(x), b(y)),
        HExpr::Mul(x, y) => HExpr::Mul(b(x), b(y)),
        HExpr::CDiv(x, y) => HExpr::CDiv(b(x), b(y)),
        HExpr::NextPow2(x) => HExpr::NextPow2(b(x)),
        HExpr::FloorDiv(x, y) => HExpr::FloorDiv(b(x), b(y)),
        HExpr::Mod(x, y) => HExpr::Mod(b(x), b(y)),
        HExpr::Min(x, y) => HExpr::Min(b(x), b(y)),
    }
}

fn int_literal(e: &Expr) -> Option<i128> {
    match e {
        Expr::NumberLiteral(x) => match &x.value {
            Number::Int(i) => i.as_i64().map(i128::from),
            _ => None,
        },
        _ => None,
    }
}
