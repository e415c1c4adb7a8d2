//! Renderers of a formula: LaTeX, and NumPy source that makes it executable
//! (`def formula(**inputs)`, the launcher's inputs by name, a dict from output name to array).
//!
//! Both read only the formula and the launcher's [`Signature`]; neither decides anything about
//! the kernel. The NumPy source is what the differential test (`tools/lift_differential.py`)
//! compares with Triton's interpreter.

use crate::formula::{Def, Expr, Formula};
use crate::host::{HExpr, HostArg, HostModel};
use std::fmt::Write;

/// What the launcher takes and makes, by name: enough to call it and to evaluate a formula.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Signature {
    /// The sizes a formula may name, each with where its value comes from: a Python
    /// expression over the inputs (`x.shape[0]`, or `inputs["n"]` for an integer argument).
    pub sizes: Vec<(String, String)>,
    /// Tensors the kernel reads, with their shapes (Python expressions over the sizes).
    pub inputs: Vec<(String, Vec<String>)>,
    /// Float scalars the launcher receives.
    pub scalars: Vec<String>,
    /// Tensors the kernel writes, with their shapes.
    pub outputs: Vec<(String, Vec<String>)>,
}

fn hexpr(h: &HExpr, sizes: &[String]) -> String {
    let two =
        |a: &HExpr, b: &HExpr, op: &str| format!("({} {op} {})", hexpr(a, sizes), hexpr(b, sizes));
    match h {
        HExpr::Lit(n) => n.to_string(),
        HExpr::Size(k) => sizes[*k].clone(),
        HExpr::Add(a, b) => two(a, b, "+"),
        HExpr::Sub(a, b) => two(a, b, "-"),
        HExpr::Mul(a, b) => two(a, b, "*"),
        HExpr::FloorDiv(a, b) => two(a, b, "//"),
        HExpr::Mod(a, b) => two(a, b, "%"),
        HExpr::Min(a, b) => format!("min({}, {})", hexpr(a, sizes), hexpr(b, sizes)),
        HExpr::CDiv(a, b) => format!("(-(-{} // {}))", hexpr(a, sizes), hexpr(b, sizes)),
        // `triton.next_power_of_2(a)` for `a >= 1`.
        HExpr::NextPow2(a) => format!("(1 << ({} - 1).bit_length())", hexpr(a, sizes)),
    }
}

/// The launcher's signature as read, for the tensors the kernel reads and writes.
pub(crate) fn signature(host: &HostModel, reads: &[String], writes: &[String]) -> Signature {
    let shape_of = |name: &str| -> Vec<String> {
        host.tensors
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.shape.iter().map(|s| hexpr(s, &host.sizes)).collect())
            .unwrap_or_default()
    };
    let sizes = host
        .sizes
        .iter()
        .enumerate()
        .map(|(k, n)| {
            let from = reads.iter().find_map(|r| {
                let t = host.tensors.iter().find(|t| &t.name == r)?;
                let d = t.shape.iter().position(|s| *s == HExpr::Size(k))?;
                Some(format!("{r}.shape[{d}]"))
            });
            // A size the launcher computes (`triton.next_power_of_2(n)`, `n // 2`): its
            // definition over the sizes before it.
            let from = from.or_else(|| {
                host.derived
                    .iter()
                    .find(|(j, _)| *j == k)
                    .map(|(_, e)| hexpr(e, &host.sizes))
            });
            (
                n.clone(),
                from.unwrap_or_else(|| format!("int(inputs[{n:?}])")),
            )
        })
        .collect();
    let scalars = host
        .args
        .iter()
        .filter_map(|(_, a)| match a {
            HostArg::Real(n) => Some(n.clone()),
            _ => None,
        })
        .collect();
    Signature {
        sizes,
        inputs: reads.iter().map(|r| (r.clone(), shape_of(r))).collect(),
        scalars,
        outputs: writes.iter().map(|w| (w.clone(), shape_of(w))).collect(),
    }
}

/// How to launch a kernel under its kernel-level claim, for the differential check
/// (`tools/lift_differential.py`): each parameter's role and the grid, as Python
/// expressions over the sizes. One per case of the claim (a swept or configured block size).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Launch {
    /// The sizes, in order: each is any integer at least 1 unless `derived` defines it.
    pub sizes: Vec<String>,
    /// Sizes computed from the sizes before them (name, Python expression).
    pub derived: Vec<(String, String)>,
    /// Per kernel parameter, in order.
    pub params: Vec<LaunchParam>,
    /// The number of programs along each axis the kernel reads.
    pub grid: Vec<String>,
    /// Preconditions of the claim over the sizes (Python conditions: `n_cols <= X_row_stride`,
    /// a divisor at least 1): the harness runs only sizes where each holds.
    pub facts: Vec<String>,
}

/// One kernel parameter of a [`Launch`].
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LaunchParam {
    pub name: String,
    /// `pointer` (the tensor `tensor`: element `(i, j, ..)` at `i * strides[0] + j *
    /// strides[1] + ..` of the pointer's memory, row-major by `shape` when `strides` is none),
    /// `int` (the size expression `value`), `constexpr` (the value `value` in this case),
    /// `real` (a float scalar named `value`), `float`, `bool`, `str`, `dtype` (`value` a
    /// Python literal or an element type's name), `cond` (a condition over the sizes).
    pub role: String,
    #[serde(default)]
    pub tensor: Option<String>,
    #[serde(default)]
    pub shape: Vec<String>,
    #[serde(default)]
    pub strides: Option<Vec<String>>,
    #[serde(default)]
    pub value: Option<String>,
}

/// The launch of a kernel-level claim's model `host` of `kernel`'s parameters (`constexprs`:
/// the names of its constexpr parameters).
pub(crate) fn launch(host: &HostModel, constexprs: &[String]) -> Launch {
    let py = |e: &HExpr| hexpr(e, &host.sizes);
    let cmp = |c: &crate::host::HCmp| match c {
        crate::host::HCmp::Lt => "<",
        crate::host::HCmp::Le => "<=",
        crate::host::HCmp::Eq => "==",
        crate::host::HCmp::Ne => "!=",
    };
    let params = host
        .args
        .iter()
        .map(|(name, arg)| {
            let mut p = LaunchParam {
                name: name.clone(),
                ..LaunchParam::default()
            };
            let (role, value) = match arg {
                HostArg::Tensor(t) => {
                    let t = &host.tensors[*t];
                    p.tensor = Some(t.name.clone());
                    p.shape = t.shape.iter().map(py).collect();
                    p.strides = t.strides.as_ref().map(|s| s.iter().map(py).collect());
                    ("pointer", None)
                }
                HostArg::Int(e) if constexprs.contains(name) => ("constexpr", Some(py(e))),
                HostArg::Int(e) => ("int", Some(py(e))),
                HostArg::Real(n) => ("real", Some(n.clone())),
                HostArg::Float(n, d) => ("float", Some(format!("{n} / {d}"))),
                HostArg::Bool(b) => ("bool", Some(if *b { "True" } else { "False" }.into())),
                HostArg::Str(s) => ("str", Some(format!("{s:?}"))),
                HostArg::Dtype(d) => ("dtype", Some(d.clone())),
                HostArg::Cond(a, c, b) => {
                    ("cond", Some(format!("({} {} {})", py(a), cmp(c), py(b))))
                }
            };
            p.role = role.into();
            p.value = value;
            p
        })
        .collect();
    let mut facts: Vec<String> = host
        .facts
        .iter()
        .map(|(a, c, b)| format!("{} {} {}", py(a), cmp(c), py(b)))
        .collect();
    facts.extend(host.premises.iter().map(|(_, e)| format!("{} >= 1", py(e))));
    Launch {
        sizes: host.sizes.clone(),
        derived: host
            .derived
            .iter()
            .map(|(k, e)| (host.sizes[*k].clone(), py(e)))
            .collect(),
        params,
        grid: host.grid.iter().map(py).collect(),
        facts,
    }
}

/// The variables of the reductions in `e` (`k` of `sum(k < n, ...)`), added to `out`.
fn reduction_vars(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Num(..) | Expr::Var(_) => {}
        Expr::Read(_, ix) => ix.iter().for_each(|i| reduction_vars(i, out)),
        Expr::Neg(a) => reduction_vars(a, out),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            reduction_vars(a, out);
            reduction_vars(b, out);
        }
        Expr::Call(f, args) => {
            if let Some((k, _)) = reduction(f, args, &[]) {
                out.push(k.to_string());
            }
            args.iter().for_each(|a| reduction_vars(a, out));
        }
    }
}

/// `e` with every read of tensor `from` reading `to`.
fn reads_renamed(e: &Expr, from: &str, to: &str) -> Expr {
    let r = |x: &Expr| Box::new(reads_renamed(x, from, to));
    match e {
        Expr::Num(..) | Expr::Var(_) => e.clone(),
        Expr::Read(t, ix) => Expr::Read(
            if t == from { to.to_string() } else { t.clone() },
            ix.iter().map(|i| reads_renamed(i, from, to)).collect(),
        ),
        Expr::Neg(a) => Expr::Neg(r(a)),
        Expr::Bin(op, a, b) => Expr::Bin(*op, r(a), r(b)),
        Expr::Cmp(op, a, b) => Expr::Cmp(op, r(a), r(b)),
        Expr::Logic(and, a, b) => Expr::Logic(*and, r(a), r(b)),
        Expr::Call(name, args) => Expr::Call(
            name.clone(),
            args.iter().map(|a| reads_renamed(a, from, to)).collect(),
        ),
    }
}

/// `max(k, e)` / `min(k, e)` / `sum(k, e)` / `product(k, e)` with `k` (or `k < E`) a name not bound outside:
/// a reduction over the axis `k`; its variable and bound, if any.
fn reduction<'a>(
    f: &str,
    args: &'a [Expr],
    bound: &[String],
) -> Option<(&'a str, Option<&'a Expr>)> {
    if !matches!(f, "sum" | "product" | "max" | "min") || args.len() != 2 {
        return None;
    }
    let (k, lim) = match &args[0] {
        Expr::Var(k) => (k.as_str(), None),
        Expr::Cmp("<", v, lim) => match &**v {
            Expr::Var(k) => (k.as_str(), Some(&**lim)),
            _ => return None,
        },
        _ => return None,
    };
    (f == "sum" || f == "product" || !bound.iter().any(|b| b == k)).then_some((k, lim))
}

// ---------------------------------------------------------------------------------------
// LaTeX

/// The formula in LaTeX: `\frac`, `\exp`, `\sum_{k}`, `\max_{k}`, indices as subscripts.
pub fn latex(f: &Formula, bound: &[String]) -> String {
    f.defs
        .iter()
        .map(|d| latex_def(d, bound))
        .collect::<Vec<_>>()
        .join(" \\\\ ")
}

fn latex_def(d: &Def, bound: &[String]) -> String {
    let mut b = bound.to_vec();
    b.extend(d.indices.iter().cloned());
    if d.indices.is_empty() {
        return format!("{} = {}", tex_name(&d.output), tex(&d.body, &b));
    }
    format!(
        "{}_{{{}}} = {}",
        tex_name(&d.output),
        d.indices
            .iter()
            .map(|i| tex_name(i))
            .collect::<Vec<_>>()
            .join(", "),
        tex(&d.body, &b)
    )
}

fn tex_name(n: &str) -> String {
    if n.chars().count() == 1 {
        n.to_string()
    } else {
        format!("\\mathrm{{{}}}", n.replace('_', "\\_"))
    }
}

/// Precedence for LaTeX: a fraction is an atom.
fn tprec(e: &Expr) -> u8 {
    match e {
        Expr::Logic(false, ..) => 1,
        Expr::Logic(true, ..) => 2,
        Expr::Cmp(..) => 3,
        Expr::Bin('+' | '-', ..) => 4,
        Expr::Bin('*' | '%' | crate::formula::INT_DIV, ..) => 5,
        Expr::Neg(_) | Expr::Num(..) if is_negative(e) => 5,
        Expr::Call(f, a)
            if matches!(f.as_str(), "sum" | "product" | "max" | "min") && a.len() == 2 =>
        {
            4
        }
        _ => 7,
    }
}

fn is_negative(e: &Expr) -> bool {
    matches!(e, Expr::Neg(_)) || matches!(e, Expr::Num(n, _) if *n < 0)
}

fn tparen(e: &Expr, min: u8, bound: &[String]) -> String {
    if tprec(e) < min {
        format!("\\left({}\\right)", tex(e, bound))
    } else {
        tex(e, bound)
    }
}

fn tex(e: &Expr, bound: &[String]) -> String {
    let arg = |a: &Expr| format!("\\left({}\\right)", tex(a, bound));
    match e {
        Expr::Num(..) => {
            let s = e.to_string();
            match s.split_once('/') {
                Some((n, d)) => format!("\\frac{{{n}}}{{{d}}}"),
                None => s,
            }
        }
        Expr::Var(v) if v == "pi" && !bound.contains(v) => "\\pi".into(),
        Expr::Var(v) if v == "inf" && !bound.contains(v) => "\\infty".into(),
        Expr::Var(v) => tex_name(v),
        Expr::Read(t, ix) => format!(
            "{}_{{{}}}",
            tex_name(t),
            ix.iter()
                .map(|i| tex(i, bound))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Expr::Neg(a) => format!("-{}", tparen(a, 6, bound)),
        Expr::Bin('/', a, b) => format!("\\frac{{{}}}{{{}}}", tex(a, bound), tex(b, bound)),
        // Bitwise operators: each operand parenthesized unless an atom.
        Expr::Bin(op @ ('&' | '|' | '^' | crate::formula::SHL | crate::formula::SHR), a, b) => {
            let sym = match *op {
                '&' => "\\mathbin{\\&}",
                '|' => "\\mathbin{|}",
                '^' => "\\oplus",
                crate::formula::SHL => "\\ll",
                _ => "\\gg",
            };
            format!("{} {sym} {}", tparen(a, 7, bound), tparen(b, 7, bound))
        }
        Expr::Bin(op, a, b) => {
            let p = tprec(e);
            let sym = match *op {
                '*' => " \\cdot ",
                crate::formula::INT_DIV => " \\mathbin{/\\!/} ",
                '%' => " \\bmod ",
                op => &*format!(" {op} "),
            };
            format!("{}{sym}{}", tparen(a, p, bound), tparen(b, p + 1, bound))
        }
        Expr::Cmp(op, a, b) => {
            let sym = match *op {
                "<=" => "\\le",
                ">=" => "\\ge",
                "==" => "=",
                "!=" => "\\ne",
                o => o,
            };
            format!("{} {sym} {}", tparen(a, 4, bound), tparen(b, 4, bound))
        }
        Expr::Logic(and, a, b) => {
            let p = tprec(e);
            format!(
                "{} {} {}",
                tparen(a, p, bound),
                if *and { "\\land" } else { "\\lor" },
                tparen(b, p + 1, bound)
            )
        }
        Expr::Call(f, args) => {
            if let Some((k, lim)) = reduction(f, args, bound) {
                let mut inner = bound.to_vec();
                inner.push(k.to_string());
                let op = match f.as_str() {
                    "sum" => "\\sum",
                    "product" => "\\prod",
                    "max" => "\\max",
                    _ => "\\min",
                };
                let under = match lim {
                    Some(l) => format!("{}=0}}^{{{} - 1", tex_name(k), tex(l, bound)),
                    None => tex_name(k),
                };
                return format!("{op}_{{{under}}} {}", tparen(&args[1], 5, &inner));
            }
            let a0 = || args.first().map(arg).unwrap_or_default();
            match (f.as_str(), args.len()) {
                ("exp", 1) => format!("\\exp{}", a0()),
                ("log", 1) => format!("\\log{}", a0()),
                ("log2", 1) => format!("\\log_2{}", a0()),
                ("exp2", 1) => format!("2^{{{}}}", tex(&args[0], bound)),
                ("sqrt", 1) => format!("\\sqrt{{{}}}", tex(&args[0], bound)),
                ("rsqrt", 1) => format!("\\frac{{1}}{{\\sqrt{{{}}}}}", tex(&args[0], bound)),
                ("sin" | "cos" | "tanh" | "tan" | "sinh" | "cosh", 1) => format!("\\{f}{}", a0()),
                ("floor", 1) => format!(
                    "\\left\\lfloor {} \\right\\rfloor",
                    tex(&args[0], bound)
                ),
                ("ceil", 1) => format!(
                    "\\left\\lceil {} \\right\\rceil",
                    tex(&args[0], bound)
                ),
                ("atan" | "asin" | "acos", 1) => format!("\\arc{}{}", &f[1..], a0()),
                ("log10", 1) => format!("\\log_{{10}}{}", a0()),
                ("isnan" | "isinf" | "isfinite" | "isposinf" | "isneginf", 1) => {
                    format!("\\operatorname{{{f}}}\\left({}\\right)", tex(&args[0], bound))
                }
                ("abs", 1) => format!("\\left|{}\\right|", tex(&args[0], bound)),
                ("pow", 2) => format!(
                    "\\left({}\\right)^{{{}}}",
                    tex(&args[0], bound),
                    tex(&args[1], bound)
                ),
                ("sigmoid", 1) => format!("\\sigma{}", a0()),
                ("relu", 1) => format!("\\max\\left({}, 0\\right)", tex(&args[0], bound)),
                ("where", 3) => format!(
                    "\\begin{{cases}} {} & \\text{{if }} {} \\\\ {} & \\text{{otherwise}} \\end{{cases}}",
                    tex(&args[1], bound),
                    tex(&args[0], bound),
                    tex(&args[2], bound)
                ),
                ("max" | "min", _) => format!(
                    "\\{f}\\left({}\\right)",
                    args.iter()
                        .map(|a| tex(a, bound))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                _ => format!(
                    "\\operatorname{{{}}}\\left({}\\right)",
                    f.replace('_', "\\_"),
                    args.iter()
                        .map(|a| tex(a, bound))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// NumPy

/// Helpers every generated function uses: reads clipped into range (a `where` discards what
/// a clipped read gave), reductions over a new leading axis, `erf` elementwise.
const PRELUDE: &str = r#"import math

import numpy as np

_erf = np.vectorize(math.erf, otypes=[np.float64])


def _rd(t, *ix):
    """t[ix], each index clipped into its dimension (a where() discards clipped lanes)."""
    return t[tuple(np.clip(np.asarray(i).astype(np.int64), 0, t.shape[d] - 1) for d, i in enumerate(ix))]


def _red(op, body, extent, depth):
    """op over a new leading axis of the values of k below `extent` (the body's other axes:
    `depth`); an extent that is an array over those axes (`sum(k < j + 1, ...)`) bounds each
    lane's k, the others taking op's identity."""
    ext = np.asarray(extent)
    k = np.arange(int(ext.max(initial=0))).reshape((-1,) + (1,) * depth)
    v = np.asarray(body(k), dtype=np.float64)
    v = v + np.zeros(np.broadcast_shapes(v.shape, k.shape, ext.shape))
    if ext.ndim == 0:
        return op(v, axis=0)
    fill = {np.sum: 0.0, np.prod: 1.0, np.max: -np.inf, np.min: np.inf}[op]
    return op(np.where(k < ext, v, fill), axis=0)

"#;

/// NumPy source of `def formula(**inputs)` for a formula over a launcher's signature.
pub fn numpy(f: &Formula, sig: &Signature) -> Result<String, String> {
    // A tensor named like an index or reduction variable (`i[i, j]`, FlagGems `addmm`'s bias
    // `i_ptr`) is read under another Python name: the index's `np.arange` would shadow it.
    let read = crate::formula::names_read(f);
    let mut f = f.clone();
    let mut aliases = vec![];
    for (t, _) in &sig.inputs {
        let clash = read.contains(t) || f.defs.iter().any(|d| d.indices.contains(t));
        if clash {
            let alias = format!("_tensor_{t}");
            for d in f.defs.iter_mut() {
                d.body = reads_renamed(&d.body, t, &alias);
            }
            aliases.push((t.clone(), alias));
        }
    }
    let f = &f;
    let mut s = String::from(PRELUDE);
    s += "\ndef formula(**inputs):\n";
    s += &format!("    \"\"\"{}\"\"\"\n", f.to_string().replace('\\', "\\\\"));
    let mut names: Vec<String> = Vec::new();
    for (t, _) in &sig.inputs {
        let _ = writeln!(s, "    {t} = np.asarray(inputs[{t:?}], dtype=np.float64)");
        names.push(t.clone());
    }
    for (t, alias) in &aliases {
        let _ = writeln!(s, "    {alias} = {t}");
    }
    for v in &sig.scalars {
        let _ = writeln!(s, "    {v} = float(inputs[{v:?}])");
        names.push(v.clone());
    }
    for (n, from) in &sig.sizes {
        let _ = writeln!(s, "    {n} = {from}");
        names.push(n.clone());
    }
    // A name the signature does not give: a constexpr the kernel-level formula names
    // (`sum(k < min(n, BLOCK), ...)`), its value given by the caller (a reduction's variable
    // also lands here, never given, and its lambda binds it).
    let mut indices: Vec<String> = f.defs.iter().flat_map(|d| d.indices.clone()).collect();
    f.defs
        .iter()
        .for_each(|d| reduction_vars(&d.body, &mut indices));
    for v in crate::formula::names_read(f) {
        if !names.contains(&v) && !indices.contains(&v) && v != "pi" && v != "e" {
            let _ = writeln!(
                s,
                "    if {v:?} in inputs:\n        {v} = int(inputs[{v:?}])"
            );
        }
    }
    s += "    _outputs = {}\n    with np.errstate(all=\"ignore\"):\n";
    for d in &f.defs {
        let Some((_, shape)) = sig.outputs.iter().find(|(o, _)| *o == d.output) else {
            return Err(format!("`{}` is not an output of the launcher", d.output));
        };
        if shape.len() != d.indices.len() {
            return Err(format!(
                "`{}` has rank {}, defined with {} indices",
                d.output,
                shape.len(),
                d.indices.len()
            ));
        }
        let rank = d.indices.len();
        for (k, (i, n)) in d.indices.iter().zip(shape).enumerate() {
            let ones = ", 1".repeat(rank - 1 - k);
            let _ = writeln!(s, "        {i} = np.arange({n}).reshape((-1{ones}))");
        }
        let mut bound = names.clone();
        bound.extend(d.indices.iter().cloned());
        let body = py(&d.body, &bound, rank)?;
        // The output's shape as a Python tuple (`()` for rank 0).
        let tuple = match shape.len() {
            0 => "()".to_string(),
            _ => format!("({},)", shape.join(", ")),
        };
        let _ = writeln!(
            s,
            "        _outputs[{:?}] = np.broadcast_to(np.asarray({body}, dtype=np.float64), {tuple}).copy()",
            d.output,
        );
    }
    s += "    return _outputs\n";
    Ok(s)
}

/// The extent of `k` in `e`: the dimension it indexes directly.
fn extent(k: &str, e: &Expr) -> Option<String> {
    match e {
        Expr::Read(t, ix) => ix
            .iter()
            .position(|i| *i == Expr::Var(k.to_string()))
            .map(|d| format!("{t}.shape[{d}]"))
            .or_else(|| ix.iter().find_map(|i| extent(k, i))),
        Expr::Neg(a) => extent(k, a),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            extent(k, a).or_else(|| extent(k, b))
        }
        Expr::Call(_, args) => args.iter().find_map(|a| extent(k, a)),
        Expr::Num(..) | Expr::Var(_) => None,
    }
}

fn py(e: &Expr, bound: &[String], depth: usize) -> Result<String, String> {
    let all = |args: &[Expr]| -> Result<Vec<String>, String> {
        args.iter().map(|a| py(a, bound, depth)).collect()
    };
    if let Some((n, d)) = crate::formula::named_value(e) {
        return Ok(format!("({n} / {d})"));
    }
    Ok(match e {
        Expr::Num(n, 1) => format!("{n}"),
        Expr::Num(n, d) => format!("({n} / {d})"),
        Expr::Var(v) if v == "pi" && !bound.contains(v) => {
            let (n, d) = crate::consts::value(crate::consts::by_key("pi"));
            format!("({n} / {d})")
        }
        Expr::Var(v) if v == "e" && !bound.contains(v) => "np.e".into(),
        Expr::Var(v) if v == "inf" && !bound.contains(v) => "np.inf".into(),
        Expr::Var(v) => v.clone(),
        Expr::Read(t, ix) => format!("_rd({t}, {})", all(ix)?.join(", ")),
        Expr::Neg(a) => format!("(-{})", py(a, bound, depth)?),
        // Triton's integer `//` and `%` on tensors truncate (C's), NumPy's floor: `fix` and
        // `fmod` are C's.
        Expr::Bin(crate::formula::INT_DIV, a, b) => format!(
            "np.fix(np.divide({}, {}))",
            py(a, bound, depth)?,
            py(b, bound, depth)?
        ),
        Expr::Bin('%', a, b) => {
            format!(
                "np.fmod({}, {})",
                py(a, bound, depth)?,
                py(b, bound, depth)?
            )
        }
        Expr::Bin(crate::formula::SHL, a, b) => {
            format!("({} << {})", py(a, bound, depth)?, py(b, bound, depth)?)
        }
        Expr::Bin(crate::formula::SHR, a, b) => {
            format!("({} >> {})", py(a, bound, depth)?, py(b, bound, depth)?)
        }
        Expr::Bin(op, a, b) => format!("({} {op} {})", py(a, bound, depth)?, py(b, bound, depth)?),
        Expr::Cmp(op, a, b) => format!("({} {op} {})", py(a, bound, depth)?, py(b, bound, depth)?),
        Expr::Logic(and, a, b) => format!(
            "({} {} {})",
            py(a, bound, depth)?,
            if *and { "&" } else { "|" },
            py(b, bound, depth)?
        ),
        Expr::Call(f, args) => {
            if let Some((k, lim)) = reduction(f, args, bound) {
                let n = match lim {
                    Some(l) => py(l, bound, depth)?,
                    None => extent(k, &args[1]).ok_or_else(|| {
                        format!("`{k}` indexes no input tensor directly, so its range is unknown")
                    })?,
                };
                let mut inner = bound.to_vec();
                inner.push(k.to_string());
                let body = py(&args[1], &inner, depth + 1)?;
                let op = match f.as_str() {
                    "sum" => "np.sum",
                    "product" => "np.prod",
                    "max" => "np.max",
                    _ => "np.min",
                };
                return Ok(format!("_red({op}, lambda {k}: {body}, {n}, {depth})"));
            }
            let a = all(args)?;
            let one = |name: &str| format!("{name}({})", a[0]);
            match (f.as_str(), a.len()) {
                ("exp" | "log" | "log2" | "exp2" | "sqrt" | "sin" | "cos" | "tanh" | "abs", 1) => {
                    one(&format!("np.{f}"))
                }
                ("floor" | "ceil" | "tan" | "sinh" | "cosh" | "log1p" | "expm1" | "log10", 1) => {
                    one(&format!("np.{f}"))
                }
                ("isnan" | "isinf" | "isfinite" | "isposinf" | "isneginf", 1) => {
                    one(&format!("np.{f}"))
                }
                ("atan" | "asin" | "acos" | "asinh" | "acosh" | "atanh", 1) => {
                    one(&format!("np.arc{}", &f[1..]))
                }
                ("rsqrt", 1) => format!("(1.0 / np.sqrt({}))", a[0]),
                ("erf", 1) => one("_erf"),
                ("sigmoid", 1) => format!("(1.0 / (1.0 + np.exp(-({}))))", a[0]),
                ("relu", 1) => format!("np.maximum({}, 0.0)", a[0]),
                ("pow", 2) => format!("np.power({}, {})", a[0], a[1]),
                ("max", 2) => format!("np.maximum({}, {})", a[0], a[1]),
                ("min", 2) => format!("np.minimum({}, {})", a[0], a[1]),
                ("where", 3) => format!("np.where({}, {}, {})", a[0], a[1], a[2]),
                _ if crate::formula::named_expansion(f, args).is_some() => {
                    let x = crate::formula::named_expansion(f, args).expect("checked");
                    py(&x, bound, depth)?
                }
                _ => {
                    return Err(format!(
                        "no NumPy form for `{f}` with {} arguments",
                        a.len()
                    ))
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sig2() -> Signature {
        Signature {
            sizes: vec![
                ("M".into(), "x.shape[0]".into()),
                ("N".into(), "x.shape[1]".into()),
            ],
            inputs: vec![("x".into(), vec!["M".into(), "N".into()])],
            scalars: vec![],
            outputs: vec![("y".into(), vec!["M".into(), "N".into()])],
        }
    }

    #[test]
    fn latex_forms() {
        let f = Formula::parse("y[i, j] = exp(x[i, j]) / sum(k, exp(x[i, k]))").unwrap();
        assert_eq!(
            latex(&f, &[]),
            "y_{i, j} = \\frac{\\exp\\left(x_{i, j}\\right)}{\\sum_{k} \\exp\\left(x_{i, k}\\right)}"
        );
        let f = Formula::parse("out[i] = where(x[i] >= 0, x[i], 0.01 * x[i])").unwrap();
        assert_eq!(
            latex(&f, &[]),
            "\\mathrm{out}_{i} = \\begin{cases} x_{i} & \\text{if } x_{i} \\ge 0 \\\\ 0.01 \\cdot x_{i} & \\text{otherwise} \\end{cases}"
        );
        // A reduction `max(k, e)` over an axis (built directly: the parser may not know it).
        let m = Expr::Call(
            "max".into(),
            vec![
                Expr::Var("k".into()),
                Expr::Read(
                    "x".into(),
                    vec![Expr::Var("i".into()), Expr::Var("k".into())],
                ),
            ],
        );
        assert_eq!(tex(&m, &["i".into()]), "\\max_{k} x_{i, k}");
    }

    #[test]
    fn numpy_source_shape() {
        let f = Formula::parse("y[i, j] = exp(x[i, j]) / sum(k, exp(x[i, k]))").unwrap();
        let src = numpy(&f, &sig2()).unwrap();
        assert!(src.contains("def formula(**inputs):"), "{src}");
        assert!(
            src.contains("_red(np.sum, lambda k: np.exp(_rd(x, i, k)), x.shape[1], 2)"),
            "{src}"
        );
        assert!(src.contains("j = np.arange(N).reshape((-1))"), "{src}");
        assert!(src.contains("i = np.arange(M).reshape((-1, 1))"), "{src}");
        // named functions by their definitions
        let named = Formula::parse("y[i, j] = leaky_relu(x[i, j], 0.5) + silu(x[i, j])").unwrap();
        let src = numpy(&named, &sig2()).unwrap();
        assert!(src.contains("np.where((_rd(x, i, j) >= 0)"), "{src}");
        let bad = Formula::parse("z[i] = x[i, 0]").unwrap();
        assert!(numpy(&bad, &sig2()).is_err());
    }
}
