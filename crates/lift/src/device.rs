//! Device functions: a `@triton.jit` function that returns a value and reads no memory (a
//! helper such as `gelu(x)`, a FlagGems `@pointwise_dynamic` scalar function) is lifted to a
//! formula of its arguments.
//!
//! The function is applied lane by lane by a small elementwise kernel appended to the file's
//! text (so every position inside the function stays the user's): each argument a 1-D tensor
//! loaded at the lane's offset, each returned value stored to an output of its own. That
//! kernel goes through the same check as any other; its formula `f[i] = g(x[i], y[i])` is the
//! function's, read back as `f(x, y) = g(x, y)`.

use crate::front::{self, KernelDef};
use ruff_python_ast::{Expr, Stmt};

/// The name of the appended kernel of a device function.
pub(crate) fn wrapper_name(function: &str) -> String {
    format!("{function}__lifted")
}

/// Whether `kernel` names the appended kernel of a device function (ours: its launch, one
/// lane per element of 1-D arguments, is what "applied lane by lane" means, not a guess).
pub(crate) fn is_wrapper(kernel: &str) -> bool {
    kernel.ends_with("__lifted")
}

/// Whether `k` is a device function: it returns a value, takes no pointer and stores nothing.
pub(crate) fn is_device_function(k: &KernelDef, pointer_params: &[String]) -> bool {
    pointer_params.is_empty() && returned_arity(&k.def.body).is_some() && !stores(&k.def.body)
}

/// How many values the function returns (`return a, b` is two), when it returns any.
fn returned_arity(body: &[Stmt]) -> Option<usize> {
    use ruff_python_ast::visitor::{walk_stmt, Visitor};
    struct V(Option<usize>);
    impl<'a> Visitor<'a> for V {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            if let Stmt::Return(r) = s {
                let n = match r.value.as_deref() {
                    None => 0,
                    Some(Expr::Tuple(t)) => t.elts.len(),
                    Some(_) => 1,
                };
                if n > 0 {
                    self.0 = Some(self.0.map_or(n, |m| m.max(n)));
                }
            }
            // Functions defined inside are not this function's returns.
            if !matches!(s, Stmt::FunctionDef(_)) {
                walk_stmt(self, s);
            }
        }
    }
    let mut v = V(None);
    for s in body {
        v.visit_stmt(s);
    }
    v.0
}

fn stores(body: &[Stmt]) -> bool {
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    struct V(bool);
    impl<'a> Visitor<'a> for V {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Call(c) = e {
                let name = front::dotted(&c.func).unwrap_or_default();
                let last = name.rsplit('.').next().unwrap_or("");
                if last == "store" || last.starts_with("atomic_") {
                    self.0 = true;
                }
            }
            walk_expr(self, e);
        }
    }
    let mut v = V(false);
    for s in body {
        v.visit_stmt(s);
    }
    v.0
}

/// The parameters of `k` that the appended kernel passes values of: the runtime ones, and
/// the constexprs with no default that `fixed` gives no literal (a real or an integer of any
/// value, like the others).
fn value_params<'k>(k: &'k KernelDef, fixed: &[(String, String)]) -> Vec<&'k str> {
    k.params
        .iter()
        .filter(|p| {
            !p.constexpr || (p.default.is_none() && !fixed.iter().any(|(n, _)| *n == p.name))
        })
        .map(|p| p.name.as_str())
        .collect()
}

/// The appended kernel that applies `k` lane by lane, with each constexpr of `fixed` given
/// its literal (a flag's value of one variant), and the names of its outputs (the function's
/// name, or `NAME_0`, `NAME_1`, ... for a tuple).
pub(crate) fn wrapper_source(
    k: &KernelDef,
    fixed: &[(String, String)],
) -> Result<(String, Vec<String>), String> {
    let arity = returned_arity(&k.def.body).unwrap_or(1);
    let values = value_params(k, fixed);
    let outputs: Vec<String> = if arity == 1 {
        vec![k.name.clone()]
    } else {
        (0..arity).map(|j| format!("{}_{j}", k.name)).collect()
    };
    let taken = |n: &str| values.contains(&n) || outputs.iter().any(|o| o == n);
    let size = ["n", "n_elements", "n__lifted"]
        .into_iter()
        .find(|n| !taken(n))
        .unwrap_or("n__lifted");
    let mut params: Vec<String> = values.iter().map(|v| format!("{v}_ptr")).collect();
    params.extend(outputs.iter().map(|o| format!("{o}_ptr")));
    params.push(size.to_string());
    params.push("BLOCK__lifted: tl.constexpr".into());
    let mut src = format!(
        "\n\n@triton.jit\ndef {}({}):\n",
        wrapper_name(&k.name),
        params.join(", ")
    );
    src.push_str(
        "    offs__lifted = tl.program_id(0) * BLOCK__lifted + tl.arange(0, BLOCK__lifted)\n",
    );
    src.push_str(&format!("    mask__lifted = offs__lifted < {size}\n"));
    for v in &values {
        src.push_str(&format!(
            "    {v} = tl.load({v}_ptr + offs__lifted, mask=mask__lifted)\n"
        ));
    }
    let results: Vec<String> = (0..arity).map(|j| format!("r{j}__lifted")).collect();
    let mut args: Vec<String> = values.iter().map(|v| format!("{v}={v}")).collect();
    args.extend(fixed.iter().map(|(n, v)| format!("{n}={v}")));
    src.push_str(&format!(
        "    {} = {}({})\n",
        results.join(", "),
        k.name,
        args.join(", ")
    ));
    for (r, o) in results.iter().zip(&outputs) {
        src.push_str(&format!(
            "    tl.store({o}_ptr + offs__lifted, {r}, mask=mask__lifted)\n"
        ));
    }
    Ok((src, outputs))
}

/// The formula of the appended kernel (`f[i] = x[i] * 2`) read as the function's: every
/// `NAME[i]` of an argument or output becomes `NAME`, and each definition's left side
/// `f(x, y)`.
pub(crate) fn as_function(
    formula: &str,
    k: &KernelDef,
    outputs: &[String],
    fixed: &[(String, String)],
) -> String {
    let values = value_params(k, fixed);
    let call = format!("{}({})", k.name, values.join(", "));
    let mut lines = Vec::new();
    for line in formula.split("; ").flat_map(str::lines) {
        let Some((lhs, rhs)) = line.split_once(" = ") else {
            lines.push(line.to_string());
            continue;
        };
        let index = lhs
            .split_once('[')
            .map(|(_, rest)| rest.trim_end_matches(']').to_string())
            .unwrap_or_default();
        let mut rhs = rhs.to_string();
        if !index.is_empty() {
            for v in &values {
                rhs = replace_word(&rhs, &format!("{v}[{index}]"), v);
            }
        }
        let out = lhs.split('[').next().unwrap_or(lhs).trim();
        let lhs = match outputs.iter().position(|o| o == out) {
            Some(j) if outputs.len() > 1 => format!("{call}[{j}]"),
            _ => call.clone(),
        };
        lines.push(format!("{lhs} = {rhs}"));
    }
    lines.join("; ")
}

/// `text` with every occurrence of `from` that is not the tail of a longer name replaced.
fn replace_word(text: &str, from: &str, to: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let before = rest[..at].chars().last();
        let glued = before.is_some_and(|c| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..at]);
        out.push_str(if glued { from } else { to });
        rest = &rest[at + from.len()..];
    }
    out.push_str(rest);
    out
}
