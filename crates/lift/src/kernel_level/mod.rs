//! The kernel-level claim, for a kernel whose launcher was not read: what the kernel computes
//! as a function of its own parameters, for every value of its size and every number of
//! programs, with no shape taken from a launcher.
//!
//! Two models. The 1-D pattern (one integer parameter that the body compares, one block size,
//! pointers indexed by one offset): each pointer is a tensor of `n` elements, so the bounds
//! obligations prove "in bounds when every tensor has at least `n` elements", the stated
//! precondition. Rows ([`rows`]): one program per row, a pointer stepped by `row * stride`
//! viewed as `[programs, stride]`, the row lengths a mask compares at most the strides;
//! memory safety and race freedom are stated preconditions, not proved. In both the grid is a
//! free number of programs, so coverage is not claimed (each element the kernel writes has
//! the formula's value). A block size is each value an autotune configuration gives, else the
//! parameter's default, else each of a stated sweep.

use crate::front::KernelDef;
use crate::host::{self, HExpr, HTensor, HostArg, HostModel};
use ruff_python_ast::Expr;

mod live;
mod roles;

/// At most this many assignments of a device function's constexprs are checked.
pub(crate) const MAX_DEVICE_VARIANTS: usize = roles::MAX_VARIANTS;

/// The block sizes tried when nothing in the text fixes the block size.
pub(crate) const SWEEP: &[i128] = &[16, 128, 1];

/// The model of case `case` of the kernel-level claim of `kernel` under autotune
/// configuration `config`, or why there is none. `unread`: why the claim is the kernel-level
/// one (`the launcher not read (what, where)`), stated in the claim.
/// Also whether memory safety is a precondition of the claim rather than proved (the rows
/// model).
pub(crate) fn launch(
    kernel: &KernelDef,
    pointer_params: &[String],
    config: &[(String, Expr)],
    case: usize,
    unread: &str,
    constants: &[(String, Expr)],
) -> Result<(HostModel, bool), String> {
    let given = Given { config, constants };
    match one_d(kernel, pointer_params, config, case, unread) {
        Ok(m) => Ok((m, false)),
        Err(flat) => match rows(kernel, &given, case, unread) {
            Ok(m) => Ok((m, true)),
            Err(row) => match strided(kernel, &given, case, unread) {
                Ok(m) => Ok((m, true)),
                Err(view) => Err(format!(
                    "not the 1-D pattern ({flat}), nor rows ({row}), nor strided views ({view})"
                )),
            },
        },
    }
}

/// What the text gives a kernel's constexprs: its autotune configuration's values, and the
/// module's constants (a default may name one).
struct Given<'g> {
    config: &'g [(String, Expr)],
    constants: &'g [(String, Expr)],
}

/// The 1-D pattern's model (see the module's doc).
fn one_d(
    kernel: &KernelDef,
    pointer_params: &[String],
    config: &[(String, Expr)],
    case: usize,
    unread: &str,
) -> Result<HostModel, String> {
    if rows::read(&kernel.def.body).axes == 0 {
        return Err("no program id is read (the claim is for one program)".into());
    }
    if let Some(p) = per_program_pointer(kernel, pointer_params) {
        return Err(format!(
            "`{p}` is addressed by the program id alone (an element per program, not per index)"
        ));
    }
    let mut m = host::assumed_launch(kernel, pointer_params)?;
    if let Some(name) = other_int(kernel, &m) {
        return Err(format!("the integer parameter `{name}` besides the size"));
    }
    let n = m.sizes[0].clone();
    // A pointer stepped by a multiple of the size (`x_ptr + j * n + offs`) reads past `n`
    // elements: a strided view (`x[j, i]`), not one tensor of `n` elements.
    let facts = rows::read(&kernel.def.body);
    if let Some(p) = pointer_params
        .iter()
        .find(|p| !facts.view_of(p, &[n.as_str()]).0.is_empty())
    {
        return Err(format!("`{p}` is stepped by a multiple of the size `{n}`"));
    }
    if !m.facts.is_empty() || !m.derived.is_empty() || !m.premises.is_empty() {
        return Err("the assumed model has facts of its own".into());
    }
    // The block size: the constexpr without a default, else the model's (its default).
    let block = kernel
        .params
        .iter()
        .find(|p| p.constexpr && p.default.is_none())
        .or_else(|| {
            kernel
                .params
                .iter()
                .find(|p| p.constexpr && p.default.is_some())
        })
        .ok_or("no block size parameter")?;
    let default = block.default.as_ref();
    let block = block.name.clone();
    let fixed = config
        .iter()
        .find(|(name, _)| *name == block)
        .map(|(_, e)| e)
        .or(default)
        .map(|e| {
            host::int_literal(e).map(i128::from).ok_or(format!(
                "the configuration's `{block}` is not an integer literal"
            ))
        })
        .transpose()?;
    let value = match fixed {
        Some(v) => v,
        None if !block_like(&kernel.def.body, &block) => {
            return Err(format!(
                "`{block}` has no value in the text and is no block size"
            ))
        }
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
    m.grid = vec![HExpr::Size(0)];
    m.launcher = "<kernel-level claim>".into();
    let tensors: Vec<String> = m.tensors.iter().map(|t| format!("`{}`", t.name)).collect();
    let chosen = match fixed {
        Some(_) => format!("`{block}` = {value} (its autotune configuration or default)"),
        None => format!(
            "`{block}` each of {} (nothing in the text fixes it: a stated sweep)",
            SWEEP
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    m.assumptions = vec![
        format!("kernel-level claim, {unread}: for every `{n}` and every number of programs, each element the kernel writes has the formula's value (which elements are written depends on the launch: not claimed)"),
        format!("in bounds when {} each have at least `{n}` elements (a precondition of the launch)", tensors.join(", ")),
        chosen,
    ];
    Ok(m)
}

/// A pointer the kernel addresses by its program id alone (an element per program: no
/// tensor of the 1-D pattern's `n` elements), if any.
pub(crate) fn per_program_pointer(kernel: &KernelDef, pointer_params: &[String]) -> Option<String> {
    rows::per_program_pointer(&kernel.def.body, pointer_params)
}

/// A scalar the body uses as an integer (a stride) that the 1-D model `m` reads as a float.
fn other_int(kernel: &KernelDef, m: &HostModel) -> Option<String> {
    let ints = rows::read(&kernel.def.body).ints;
    m.args
        .iter()
        .find(|(name, a)| matches!(a, HostArg::Real(_)) && ints.contains(name))
        .map(|(name, _)| name.clone())
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

/// The kernel-level model of a kernel over rows: each program handles one row (`row =
/// tl.program_id(0)`), and a pointer stepped by `row * stride` is read as a row-major view
/// `[programs, stride]` of its memory (`x[i, j]` is `x_ptr[i * stride + j]`); other pointers
/// are 1-D of a length of their own. Integer parameters are sizes of their own; accesses in
/// bounds and rows that do not overlap are preconditions of the claim, not proved.
fn rows(kernel: &KernelDef, given: &Given, case: usize, unread: &str) -> Result<HostModel, String> {
    let body = &kernel.def.body;
    let facts = rows::read(body);
    if facts.other_axis {
        return Err("a grid of more than one axis".into());
    }
    if facts.pids.is_empty() {
        return Err("no program id".into());
    }
    let ptrs: Vec<String> = crate::front::pointer_params(kernel)
        .into_iter()
        .filter(|p| !facts.never_pointers.contains(p))
        .collect();
    if ptrs.is_empty() {
        return Err("no pointer parameter".into());
    }
    let mut m = HostModel {
        launcher: "<kernel-level claim>".into(),
        sizes: vec!["programs".into()],
        tensors: vec![],
        args: vec![],
        grid: vec![HExpr::Size(0)],
        assumptions: vec![],
        facts: vec![],
        derived: vec![],
        cases: 1,
        variant: None,
        unbacked: None,
        premises: vec![],
        pos: kernel.pos,
    };
    let unfixed = Unfixed::read(kernel, given, &facts.ints)?;
    let mut views: Vec<String> = Vec::new();
    // Integer parameters first (a stride is a size the views use).
    for p in kernel
        .params
        .iter()
        .filter(|p| !p.constexpr && !ptrs.contains(&p.name))
    {
        if facts.ints.contains(&p.name) {
            m.sizes.push(p.name.clone());
        }
    }
    m.sizes.extend(unfixed.ints.iter().cloned());
    m.cases = unfixed.cases();
    m.variant = unfixed.variant(case);
    let size_of = |m: &HostModel, n: &str| m.sizes.iter().position(|s| s == n);
    // A pointer's view is read off the statements that run in this case (a store under
    // `if reduction == NONE:` with another mode fixed does not make a second dimension).
    let literals: Vec<(String, HostArg)> = kernel
        .params
        .iter()
        .filter(|p| p.constexpr)
        .filter_map(|p| {
            Some((
                p.name.clone(),
                constexpr_arg(p, given, &unfixed, case, &m).ok()?,
            ))
        })
        .collect();
    let live = rows::read(&live::live(body, &literals, given.constants));
    // A row whose columns step by a stride of their own (`out_ptr + cols * stride_c` after
    // `out_ptr += row * stride_r`) is no row of `stride_r` contiguous elements: the strided
    // views model it (`out[i, j]` is `out_ptr[i * stride_r + j * stride_c]`).
    let ints: Vec<&str> = m.sizes.iter().map(String::as_str).collect();
    if let Some(p) = ptrs.iter().find(|p| {
        facts.stride_of(p).is_some_and(|s| {
            live.view_of(p, &ints)
                .0
                .iter()
                .any(|st| st.len() != 1 || st[0] != s)
        })
    }) {
        return Err(format!("`{p}` steps its columns by a stride of their own"));
    }
    for p in &kernel.params {
        let arg = if ptrs.contains(&p.name) {
            let name = tensor_name(&p.name);
            let tensor = match facts.stride_of(&p.name) {
                Some(s) => {
                    let k = size_of(&m, &s)
                        .ok_or(format!("the stride `{s}` is not an integer parameter"))?;
                    row_view(&live, &p.name, name, &s, k, &mut views)
                }
                None => {
                    // A pointer stepped by an integer parameter other than as the program's
                    // row (`X + row_idx * stride_x` in a loop over rows) has a view the rows
                    // model does not give: strided views do.
                    let ints: Vec<&str> = m.sizes.iter().map(String::as_str).collect();
                    if !facts.view_of(&p.name, &ints).0.is_empty() {
                        return Err(format!(
                            "`{}` is stepped by an integer parameter other than as the program's row",
                            p.name
                        ));
                    }
                    m.sizes.push(format!("len_{name}"));
                    HTensor::contiguous(name, vec![HExpr::Size(m.sizes.len() - 1)])
                }
            };
            // The caller gives every tensor of the kernel-level claim (none is allocated).
            m.tensors.push(crate::host::HTensor {
                given: true,
                ..tensor
            });
            HostArg::Tensor(m.tensors.len() - 1)
        } else if p.constexpr {
            constexpr_arg(p, given, &unfixed, case, &m)?
        } else if let Some(k) = size_of(&m, &p.name) {
            HostArg::Int(HExpr::Size(k))
        } else {
            HostArg::Real(p.name.clone())
        };
        m.args.push((p.name.clone(), arg));
    }
    if views.is_empty() {
        return Err("no pointer stepped by the program id times a stride".into());
    }
    // Rows do not overlap: every integer a mask compares (a row length) is at most each
    // stride of a view with rows (a view of one element per row, `r[i]` of `r_ptr[i * s]`,
    // needs none: its real launch passes `r.stride(0) == 1`), a precondition of the claim.
    let all_strides: Vec<&String> = facts.strides.iter().map(|(_, s)| s).collect();
    let strides: Vec<String> = facts
        .strides
        .iter()
        .filter(|(p, s)| live.view_of(p, &[s.as_str()]).1)
        .map(|(_, s)| s.clone())
        .collect();
    let mut fits = Vec::new();
    for c in facts.compared.iter().filter(|c| !all_strides.contains(c)) {
        let Some(ck) = size_of(&m, c) else { continue };
        for s in &strides {
            let Some(sk) = size_of(&m, s) else { continue };
            let fact = (HExpr::Size(ck), crate::host::HCmp::Le, HExpr::Size(sk));
            if !m.facts.contains(&fact) {
                m.facts.push(fact);
                fits.push(format!("`{c}` <= `{s}`"));
            }
        }
    }
    m.assumptions = vec![
        format!("kernel-level claim, {unread}: for every value of the integer parameters and every number of programs (one row each), each element the kernel writes has the formula's value (which elements are written depends on the launch: not claimed)"),
        format!("{} (views of the kernel's pointers by its own strides)", views.join("; ")),
        "every access in bounds of its tensor and no two programs storing to one element: preconditions of the launch, not proved".into(),
    ];
    if !fits.is_empty() {
        m.assumptions.push(format!(
            "rows do not overlap: {} (preconditions of the launch)",
            fits.join(", ")
        ));
    }
    m.assumptions.extend(unfixed.notes());
    m.assumptions.extend(defaults_note(kernel, given));
    Ok(m)
}

/// What the claim takes of constexprs that only their defaults fix (`reduction:
/// tl.constexpr = _MODE_BATCHMEAN`): a launcher not read may pass others, so the claim is
/// for the defaults, and says so. Block sizes are not flags and are left out.
fn defaults_note(kernel: &KernelDef, given: &Given) -> Option<String> {
    let body = &kernel.def.body;
    let taken: Vec<String> = kernel
        .params
        .iter()
        .filter(|p| p.constexpr && !given.config.iter().any(|(n, _)| *n == p.name))
        .filter(|p| !block_like(body, &p.name))
        .filter_map(|p| {
            let e = p.default.as_ref()?;
            let shown = match e {
                Expr::Name(n) => n.id.to_string(),
                e => match literal_arg(e)? {
                    HostArg::Bool(b) => if b { "True" } else { "False" }.to_string(),
                    HostArg::Int(HExpr::Lit(v)) => v.to_string(),
                    HostArg::Str(t) => format!("\"{t}\""),
                    _ => return None,
                },
            };
            Some(format!("`{}` = {shown}", p.name))
        })
        .collect();
    (!taken.is_empty()).then(|| {
        format!(
            "the constexprs {} take their defaults (a launcher may pass other values: not claimed)",
            taken.join(", ")
        )
    })
}

/// The rows model's view of pointer `param` (tensor `name`) stepped by `row * s` (`s` size
/// `k`): `name[i, j]` is `param[i * s + j]`, `[programs, s]` row-major; when no address of it
/// adds anything beyond the row step (`tl.store(rstd_ptr + row * stride, r)`: one element
/// per row), the rank-1 view `name[i]` of `param[i * s]`, `[programs]` with stride `s`.
fn row_view(
    facts: &rows::Facts,
    param: &str,
    name: String,
    s: &str,
    k: usize,
    views: &mut Vec<String>,
) -> HTensor {
    let (_, unit) = facts.view_of(param, &[s]);
    if unit {
        views.push(format!("`{name}[i, j]` is `{param}[i * {s} + j]`"));
        return HTensor::contiguous(name, vec![HExpr::Size(0), HExpr::Size(k)]);
    }
    views.push(format!("`{name}[i]` is `{param}[i * {s}]`"));
    HTensor {
        name,
        shape: vec![HExpr::Size(0)],
        strides: Some(vec![HExpr::Size(k)]),
        given: true,
        filled: false,
        layout: crate::host::Layout::Read,
    }
}

/// The constexprs of a kernel that nothing in the text gives a value (no autotune
/// configuration, no default), by their role in the body ([`roles`]), and how a case number
/// picks their values: the flag assignment (`variant`) major, the block sweep minor.
pub(crate) struct Unfixed {
    /// Flags, each with the values checked, in parameter order, and whether they stand for
    /// every value.
    flags: Vec<(String, Vec<HostArg>, bool)>,
    /// Constexprs used as integers: sizes of the model, like the integer parameters.
    pub ints: Vec<String>,
    /// Constexprs used otherwise: real scalars of any value.
    pub reals: Vec<String>,
    /// Block sizes: each value of [`SWEEP`], all alike.
    blocks: Vec<String>,
}

impl Unfixed {
    /// Reads the roles of `kernel`'s unfixed constexprs under `config`; `ints` are the names
    /// the body uses as integers.
    fn read(kernel: &KernelDef, given: &Given, ints: &[String]) -> Result<Unfixed, String> {
        let config = given.config;
        let body = &kernel.def.body;
        let mut u = Unfixed {
            flags: vec![],
            ints: vec![],
            reals: vec![],
            blocks: vec![],
        };
        for p in kernel
            .params
            .iter()
            .filter(|p| p.constexpr && p.default.is_none())
        {
            if config.iter().any(|(n, _)| *n == p.name) {
                continue;
            }
            let name = p.name.clone();
            let block = block_like(body, &p.name);
            match roles::role(body, &p.name, ints, block, given.constants) {
                roles::Role::Block => u.blocks.push(name),
                roles::Role::Flag(values, every) => u.flags.push((name, values, every)),
                roles::Role::Int => u.ints.push(name),
                roles::Role::Real => u.reals.push(name),
                roles::Role::Unread(why) => return Err(why),
            }
        }
        if u.variants() > roles::MAX_VARIANTS {
            return Err(format!(
                "{} assignments of the flags {} (at most {} are checked)",
                u.variants(),
                u.flag_names(),
                roles::MAX_VARIANTS
            ));
        }
        Ok(u)
    }

    fn variants(&self) -> usize {
        self.flags.iter().map(|(_, v, _)| v.len()).product()
    }

    fn flag_names(&self) -> String {
        let names: Vec<String> = self
            .flags
            .iter()
            .map(|(n, _, _)| format!("`{n}`"))
            .collect();
        names.join(", ")
    }

    /// The number of cases: each flag assignment, each with each block size of the sweep.
    pub(crate) fn cases(&self) -> usize {
        self.variants() * self.block_cases()
    }

    fn block_cases(&self) -> usize {
        if self.blocks.is_empty() {
            1
        } else {
            SWEEP.len()
        }
    }

    /// The value of flag or block `name` in case `case`, if it is one.
    fn value(&self, name: &str, case: usize) -> Option<HostArg> {
        if self.blocks.iter().any(|b| b == name) {
            let v = SWEEP[(case % self.block_cases()).min(SWEEP.len() - 1)];
            return Some(HostArg::Int(HExpr::Lit(v)));
        }
        let mut k = case / self.block_cases();
        for (flag, values, _) in &self.flags {
            let v = &values[k % values.len()];
            if flag == name {
                return Some(v.clone());
            }
            k /= values.len();
        }
        None
    }

    /// The flag assignment of case `case` (`` `HAS_BIAS` = True, `mode` = 1 ``), if any flag.
    pub(crate) fn variant(&self, case: usize) -> Option<String> {
        let parts: Vec<String> = self
            .flags
            .iter()
            .map(|(n, _, _)| format!("`{n}` = {}", shown(&self.value(n, case).expect("a flag"))))
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }

    /// What the claim states of the unfixed constexprs (empty when there are none).
    fn notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.blocks.is_empty() {
            let names: Vec<String> = self.blocks.iter().map(|n| format!("`{n}`")).collect();
            out.push(sweep_note(&names));
        }
        for (n, values, every) in &self.flags {
            let vs: Vec<String> = values.iter().map(shown).collect();
            let covers = match (every, values.first()) {
                (true, _) => "the body tells no other values apart from these",
                (false, Some(HostArg::Dtype(_))) => "the last floating-point type stands for every other one, as the model's values are reals; other integer types are not claimed",
                (false, _) => "other values are not claimed",
            };
            out.push(format!(
                "the flag `{n}` each of {} (nothing in the text fixes it, the body only selects code by it, and {covers}: each value its own formula)",
                vs.join(", ")
            ));
        }
        if !self.reals.is_empty() {
            let names: Vec<String> = self.reals.iter().map(|n| format!("`{n}`")).collect();
            out.push(format!(
                "the constexprs {} are real scalars of any value (nothing in the text fixes them, and the body uses them as no integer)",
                names.join(", ")
            ));
        }
        out
    }
}

/// A flag value as Python writes it.
fn shown(v: &HostArg) -> String {
    match v {
        HostArg::Bool(b) => if *b { "True" } else { "False" }.into(),
        HostArg::Int(HExpr::Lit(x)) => x.to_string(),
        HostArg::Str(s) => format!("{s:?}"),
        HostArg::Dtype(n) => format!("tl.{n}"),
        other => format!("{other:?}"),
    }
}

/// The value of constexpr parameter `p` in case `case`: its autotune configuration's, else
/// its default, else what its role in `unfixed` gives (a size of `m`, a real, a flag's or the
/// sweep's value).
fn constexpr_arg(
    p: &crate::front::Param,
    given: &Given,
    unfixed: &Unfixed,
    case: usize,
    m: &HostModel,
) -> Result<HostArg, String> {
    let fixed = given
        .config
        .iter()
        .find(|(n, _)| *n == p.name)
        .map(|(_, e)| e);
    if let Some(e) = fixed.or(p.default.as_ref()) {
        // A default may name a module constant (`reduction: tl.constexpr = _MODE_MEAN`).
        let e = match e {
            Expr::Name(n) => given
                .constants
                .iter()
                .find(|(c, _)| c == n.id.as_str())
                .map_or(e, |(_, v)| v),
            e => e,
        };
        return literal_arg(e).ok_or(format!("the value of `{}` is not a literal", p.name));
    }
    if let Some(v) = unfixed.value(&p.name, case) {
        return Ok(v);
    }
    if unfixed.reals.contains(&p.name) {
        return Ok(HostArg::Real(p.name.clone()));
    }
    match m.sizes.iter().position(|s| *s == p.name) {
        Some(k) => Ok(HostArg::Int(HExpr::Size(k))),
        None => Err(format!(
            "the constexpr `{}` has no value in the text",
            p.name
        )),
    }
}

/// Whether constexpr `name` sizes blocks in `body`: an argument of `tl.arange`, of a block
/// constructor's shape (`tl.zeros`, `tl.full`), or of a `range`'s step.
fn block_like(body: &[ruff_python_ast::Stmt], name: &str) -> bool {
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    struct Find<'n> {
        name: &'n str,
        found: bool,
    }
    impl<'a> Visitor<'a> for Find<'_> {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Call(c) = e {
                let f = crate::front::dotted(&c.func).unwrap_or_default();
                let callee = f.rsplit('.').next().unwrap_or_default();
                // The arguments that size: a constructor's or reshape's shape only (`tl.full`'s
                // fill value does not: `tl.full((), eps, tl.float32)` is a real `eps`).
                let shape_arg = |at: usize| {
                    let by_name = c
                        .arguments
                        .keywords
                        .iter()
                        .find(|k| k.arg.as_ref().is_some_and(|a| a.id.as_str() == "shape"));
                    by_name.map(|k| &k.value).or(c.arguments.args.get(at))
                };
                let sizing_args: Vec<&Expr> = match callee {
                    "arange" | "range" | "static_range" => c.arguments.args.iter().collect(),
                    "zeros" | "full" => shape_arg(0).into_iter().collect(),
                    // `tl.reshape(x, shape)`; the method `x.reshape(shape)` or `(d0, d1)`.
                    "reshape" if f.starts_with("tl.") || f.starts_with("triton.") => {
                        shape_arg(1).into_iter().collect()
                    }
                    "reshape" => c.arguments.args.iter().collect(),
                    _ => vec![],
                };
                // `tl.make_block_ptr`'s `block_shape` (its fifth argument) sizes blocks too.
                let block_shape = (f.rsplit('.').next() == Some("make_block_ptr"))
                    .then(|| {
                        let by_name = c.arguments.keywords.iter().find(|k| {
                            k.arg
                                .as_ref()
                                .is_some_and(|a| a.id.as_str() == "block_shape")
                        });
                        by_name.map(|k| &k.value).or(c.arguments.args.get(4))
                    })
                    .flatten();
                let sized = match block_shape {
                    Some(shape) => mentions(std::slice::from_ref(shape), self.name),
                    None => sizing_args
                        .iter()
                        .any(|a| mentions(std::slice::from_ref(*a), self.name)),
                };
                if sized {
                    self.found = true;
                }
            }
            walk_expr(self, e);
        }
    }
    fn mentions(es: &[Expr], name: &str) -> bool {
        struct M<'n>(&'n str, bool);
        impl<'a> Visitor<'a> for M<'_> {
            fn visit_expr(&mut self, e: &'a Expr) {
                if matches!(e, Expr::Name(n) if n.id.as_str() == self.0) {
                    self.1 = true;
                }
                walk_expr(self, e);
            }
        }
        let mut m = M(name, false);
        es.iter().for_each(|e| m.visit_expr(e));
        m.1
    }
    let mut f = Find { name, found: false };
    body.iter().for_each(|s| f.visit_stmt(s));
    f.found
}

/// The sweep's assumption: which constexprs it sets, and to what.
fn sweep_note(swept: &[String]) -> String {
    format!(
        "{} each of {} (nothing in the text fixes them: a stated sweep, all alike)",
        swept.join(", "),
        SWEEP
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// The kernel-level model `m` with its tensors named as a launcher names the tensors it
/// passes (`names`: pointer parameter, launcher's name), where each name stays one tensor's;
/// the assumptions that name a tensor (`` `x[i]` ``, `` `x` ``) follow.
pub(crate) fn named_as(m: &mut HostModel, names: &[(String, String)]) {
    for (param, new) in names {
        let Some(HostArg::Tensor(t)) = m.args.iter().find(|(p, _)| p == param).map(|(_, a)| a)
        else {
            continue;
        };
        let t = *t;
        let old = m.tensors[t].name.clone();
        let taken = m.tensors.iter().any(|x| x.name == *new)
            || names.iter().filter(|(_, n)| n == new).count() > 1;
        if taken || old == *new {
            continue;
        }
        m.tensors[t].name = new.clone();
        for a in m.assumptions.iter_mut() {
            *a = a
                .replace(&format!("`{old}["), &format!("`{new}["))
                .replace(&format!("`{old}`"), &format!("`{new}`"));
        }
    }
}

/// A pointer parameter's tensor name (`x_ptr` is `x`).
fn tensor_name(param: &str) -> String {
    param
        .strip_suffix("_ptr")
        .or_else(|| param.strip_suffix("_Ptr"))
        .filter(|s| !s.is_empty())
        .unwrap_or(param)
        .to_string()
}

/// The kernel-level model by strided views, for kernels of any grid: each axis the body
/// reads a program id of is a number of programs of its own; each integer parameter is a
/// size; each pointer is a view by the strides its addresses multiply by (`x_ptr + r *
/// stride_xm + c` is `x[r, c]` of strides `[stride_xm, 1]`, each dimension of a length of
/// its own), 1-D when they multiply by none. Memory safety and race freedom are stated
/// preconditions (as in [`rows`]).
fn strided(
    kernel: &KernelDef,
    given: &Given,
    case: usize,
    unread: &str,
) -> Result<HostModel, String> {
    let facts = rows::read(&kernel.def.body);
    if facts.unread_axis {
        return Err("a program axis that is not an integer literal".into());
    }
    let ptrs: Vec<String> = crate::front::pointer_params(kernel)
        .into_iter()
        .filter(|p| !facts.never_pointers.contains(p))
        .collect();
    if ptrs.is_empty() {
        return Err("no pointer parameter".into());
    }
    // A kernel that reads no program id does the same work in every program: the claim is
    // for one (more would store the same values again, or race where it reads what it
    // writes).
    let single = facts.axes == 0;
    let axes = facts.axes.max(1);
    let mut m = HostModel {
        launcher: "<kernel-level claim>".into(),
        sizes: match axes {
            _ if single => vec![],
            1 => vec!["programs".into()],
            n => (0..n).map(|a| format!("programs_{a}")).collect(),
        },
        tensors: vec![],
        args: vec![],
        grid: match single {
            true => vec![HExpr::Lit(1)],
            false => (0..axes).map(HExpr::Size).collect(),
        },
        assumptions: vec![],
        facts: vec![],
        derived: vec![],
        cases: 1,
        variant: None,
        unbacked: None,
        premises: vec![],
        pos: kernel.pos,
    };
    // Constexprs nothing fixes that the body uses as integers, not block sizes (`n_cols:
    // tl.constexpr` in a mask): integers of any value, as the integer parameters.
    let unfixed = Unfixed::read(kernel, given, &facts.ints)?;
    let free: Vec<&str> = unfixed.ints.iter().map(String::as_str).collect();
    m.cases = unfixed.cases();
    m.variant = unfixed.variant(case);
    let ints: Vec<&str> = kernel
        .params
        .iter()
        .filter(|p| !p.constexpr && !ptrs.contains(&p.name) && facts.ints.contains(&p.name))
        .map(|p| p.name.as_str())
        .chain(free.iter().copied())
        .collect();
    m.sizes.extend(ints.iter().map(|n| n.to_string()));
    let size_of = |m: &HostModel, n: &str| m.sizes.iter().position(|s| s == n);
    let mut views = Vec::new();
    for p in &kernel.params {
        let arg = if ptrs.contains(&p.name) {
            let name = tensor_name(&p.name);
            let (strides, unit) = facts.view_of(&p.name, &ints);
            // One program storing at the bare pointer (`tl.store(out, tl.sum(x))`, a second
            // stage of a reduction): a rank-0 output, its one element.
            let scalar = single
                && strides.is_empty()
                && !unit
                && rows::stored_bare(&kernel.def.body, &p.name);
            let t = match scalar {
                true => {
                    views.push(format!("`{name}` is the one element `{}[0]`", p.name));
                    HTensor::contiguous(name.clone(), vec![])
                }
                false => strided_view(&mut m, &name, &strides, unit || strides.is_empty()),
            };
            if t.strides.is_some() {
                views.push(view_note(&p.name, &name, &strides, unit));
            }
            m.tensors.push(t);
            HostArg::Tensor(m.tensors.len() - 1)
        } else if p.constexpr {
            constexpr_arg(p, given, &unfixed, case, &m)?
        } else if let Some(k) = size_of(&m, &p.name) {
            HostArg::Int(HExpr::Size(k))
        } else {
            HostArg::Real(p.name.clone())
        };
        m.args.push((p.name.clone(), arg));
    }
    let free_note = match free.is_empty() {
        true => String::new(),
        false => format!(
            " (and of the constexprs {}, which nothing in the text fixes and the body uses as integers)",
            free.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
        ),
    };
    m.assumptions = vec![
        match single {
            false => format!("kernel-level claim, {unread}: for every value of the integer parameters{free_note} (each at least 1) and every number of programs along each axis, each element the kernel writes has the formula's value (which elements are written depends on the launch: not claimed)"),
            true => format!("kernel-level claim, {unread}: for every value of the integer parameters{free_note} (each at least 1), a launch of one program (the kernel reads no program id: every program does the same work) writes the formula's value at each element it writes"),
        },
        "every access in bounds of its pointer's memory and no two programs storing to one element: preconditions of the launch, not proved".into(),
    ];
    if !views.is_empty() {
        m.assumptions.insert(
            1,
            format!("{} (views of the kernel's pointers by its own strides, each dimension of a length of its own)", views.join("; ")),
        );
    }
    let apart = views_apart(&mut m);
    if !apart.is_empty() {
        m.assumptions.push(format!(
            "the elements of each view are apart: {} (preconditions of the launch)",
            apart.join(", ")
        ));
    }
    m.assumptions.extend(unfixed.notes());
    Ok(m)
}

/// Facts that each strided view is a view of distinct elements: a dimension's length times
/// its stride is at most the stride of the dimension before it (`x_dim1 <= stride_xm` for
/// `x[i, j]` = `x_ptr[i * stride_xm + j]`). Without them `x[0, stride_xm]` and `x[1, 0]`
/// would be one address under two names, and a formula over the view would name a value the
/// kernel never wrote there. Returns the facts as text for the claim's assumptions.
fn views_apart(m: &mut HostModel) -> Vec<String> {
    let mut shown = Vec::new();
    let mut facts = Vec::new();
    for t in &m.tensors {
        let Some(strides) = &t.strides else { continue };
        for d in 1..strides.len().min(t.shape.len()) {
            let span = match &strides[d] {
                HExpr::Lit(1) => t.shape[d].clone(),
                s => HExpr::Mul(Box::new(t.shape[d].clone()), Box::new(s.clone())),
            };
            fn name(sizes: &[String], e: &HExpr) -> String {
                match e {
                    HExpr::Size(k) => format!("`{}`", sizes[*k]),
                    HExpr::Mul(a, b) => format!("{} * {}", name(sizes, a), name(sizes, b)),
                    HExpr::Lit(n) => n.to_string(),
                    _ => "?".into(),
                }
            }
            let name = |e: &HExpr| name(&m.sizes, e);
            let span_text = match &strides[d] {
                HExpr::Lit(1) => name(&t.shape[d]),
                s => format!("{} * {}", name(&t.shape[d]), name(s)),
            };
            shown.push(format!("{span_text} <= {}", name(&strides[d - 1])));
            facts.push((span, crate::host::HCmp::Le, strides[d - 1].clone()));
        }
    }
    for f in facts {
        if !m.facts.contains(&f) {
            m.facts.push(f);
        }
    }
    shown
}

/// The view of pointer tensor `name` with `strides` (size names of `m`) and, when `unit`, a
/// last dimension of stride 1; every dimension a length of its own (a new size). A pointer
/// with no stride is a contiguous 1-D tensor.
fn strided_view(m: &mut HostModel, name: &str, strides: &[Vec<String>], unit: bool) -> HTensor {
    let size = |s: &String| HExpr::Size(m.sizes.iter().position(|x| x == s).expect("a size"));
    let mut st: Vec<HExpr> = strides
        .iter()
        .map(|factors| {
            let mut it = factors.iter().map(size);
            let first = it.next().expect("a stride has a factor");
            it.fold(first, |a, b| HExpr::Mul(Box::new(a), Box::new(b)))
        })
        .collect();
    if unit {
        st.push(HExpr::Lit(1));
    }
    let shape: Vec<HExpr> = (0..st.len())
        .map(|k| {
            m.sizes.push(match st.len() {
                1 => format!("len_{name}"),
                _ => format!("{name}_dim{k}"),
            });
            HExpr::Size(m.sizes.len() - 1)
        })
        .collect();
    let contiguous = strides.is_empty();
    HTensor {
        name: name.to_string(),
        shape,
        strides: (!contiguous).then_some(st),
        given: true,
        filled: false,
        layout: crate::host::Layout::Read,
    }
}

/// How a view reads (`x[i, j]` is `x_ptr[i * stride_xm + j]`).
fn view_note(param: &str, name: &str, strides: &[Vec<String>], unit: bool) -> String {
    let ix = ["i", "j", "k", "l"];
    let rank = strides.len() + usize::from(unit);
    let mut terms: Vec<String> = strides
        .iter()
        .enumerate()
        .map(|(d, s)| format!("{} * {}", ix[d.min(3)], s.join(" * ")))
        .collect();
    if unit {
        terms.push(ix[(rank - 1).min(3)].to_string());
    }
    format!(
        "`{name}[{}]` is `{param}[{}]`",
        ix[..rank.min(4)].join(", "),
        terms.join(" + ")
    )
}

fn literal_arg(e: &Expr) -> Option<HostArg> {
    match e {
        Expr::BooleanLiteral(b) => Some(HostArg::Bool(b.value)),
        Expr::StringLiteral(s) => Some(HostArg::Str(s.value.to_str().to_string())),
        e => host::int_literal(e).map(|v| HostArg::Int(HExpr::Lit(v.into()))),
    }
}

/// What the rows model reads off a kernel's body, syntactically.
mod rows {
    use crate::front::dotted;
    use ruff_python_ast::comparable::ComparableExpr;
    use ruff_python_ast::visitor::{walk_expr, walk_stmt, Visitor};
    use ruff_python_ast::{Expr, Operator, Stmt};

    #[derive(Default)]
    pub(super) struct Facts {
        /// Names that hold the program id of axis 0 (`row = tl.program_id(0)`).
        pub pids: Vec<String>,
        /// A program id of another axis is read.
        pub other_axis: bool,
        /// One more than the highest axis whose program id or count is read (0 for none).
        pub axes: usize,
        /// A program axis that is no integer literal is read.
        pub unread_axis: bool,
        /// Per address expression of a pointer: the names of each product it adds (`r *
        /// stride` adds `[r, stride]`), and whether it adds anything else (a unit step).
        pub steps: Vec<(String, Vec<Vec<String>>, bool)>,
        /// Names that are operands of a `*`, `//` or `%` (never pointers).
        pub never_pointers: Vec<String>,
        /// Names that are integers by their use: compared, `range` bounds, factors of an
        /// address.
        pub ints: Vec<String>,
        /// Names that occur in comparisons (mask bounds).
        pub compared: Vec<String>,
        /// `(pointer, stride)`: the pointer is stepped by `pid * stride`.
        pub strides: Vec<(String, String)>,
        /// `name = expr` of the body, in order.
        assigns: Vec<(String, Expr)>,
        /// While an address is read: how many of `assigns` come before it in the text, so a
        /// name assigned different expressions (`offsets` by `X`'s stride, then by `Y`'s)
        /// is read by its last assignment before the address.
        reach: std::cell::Cell<Option<usize>>,
    }

    impl Facts {
        pub(super) fn stride_of(&self, ptr: &str) -> Option<String> {
            let mut found: Vec<&String> = self
                .strides
                .iter()
                .filter(|(p, _)| p == ptr)
                .map(|(_, s)| s)
                .collect();
            found.dedup();
            match found[..] {
                [s] => Some(s.clone()),
                _ => None,
            }
        }

        /// The view of pointer `ptr` by its addresses: the strides its products multiply
        /// by, in order of first use, each the product of the names of `ints` in it (`m *
        /// N * K` is stride `N * K`), and whether some address adds a unit step.
        pub(super) fn view_of(&self, ptr: &str, ints: &[&str]) -> (Vec<Vec<String>>, bool) {
            let (mut strides, mut unit) = (Vec::new(), false);
            for (_, products, u) in self.steps.iter().filter(|(p, _, _)| p == ptr) {
                unit |= *u;
                for names in products {
                    let stride: Vec<String> = names
                        .iter()
                        .filter(|n| ints.contains(&n.as_str()))
                        .cloned()
                        .collect();
                    match stride.is_empty() {
                        true => unit = true,
                        false if !strides.contains(&stride) => strides.push(stride),
                        false => {}
                    }
                }
            }
            (strides, unit)
        }

        /// Records the steps address `e` (assigned to `target`) adds to each pointer it is
        /// based on.
        fn note_steps(&mut self, ptrs: &[String], target: Option<&str>, e: &Expr) {
            let mut parts = Vec::new();
            self.addends(e, &mut parts, 0);
            let mut bases: Vec<String> = Vec::new();
            let (mut products, mut unit) = (Vec::new(), false);
            for p in &parts {
                match p {
                    Expr::Name(n) if ptrs.iter().any(|q| q == n.id.as_str()) => {
                        bases.push(n.id.to_string())
                    }
                    // A name assigned in the body: its definition's addends are in `parts`.
                    Expr::Name(n) if self.defs_alike(n.id.as_str()) => {}
                    Expr::BinOp(b) if b.op == Operator::Mult => {
                        let mut names = Vec::new();
                        super::rows::factor_names(p, &mut names);
                        products.push(names);
                    }
                    _ => unit = true,
                }
            }
            if let Some(t) = target.filter(|t| ptrs.iter().any(|q| q == t)) {
                bases.push(t.to_string());
            }
            bases.dedup();
            for b in bases {
                self.steps.push((b, products.clone(), unit));
            }
        }

        /// Whether `name` is assigned in the body, every time to one expression.
        fn defs_alike(&self, name: &str) -> bool {
            let defs: Vec<ComparableExpr> = self
                .assigns
                .iter()
                .filter(|(t, _)| t == name)
                .map(|(_, v)| ComparableExpr::from(v))
                .collect();
            !defs.is_empty() && defs.windows(2).all(|w| w[0] == w[1])
        }

        /// The names a pointer expression adds (`a + b * c - d` adds `a`, `b * c`, `d`),
        /// through `[:, None]` subscripts and names assigned in the body (once, or always alike).
        fn addends<'e>(&'e self, e: &'e Expr, out: &mut Vec<&'e Expr>, depth: usize) {
            crate::clock::tick();
            match e {
                Expr::BinOp(b) if matches!(b.op, Operator::Add | Operator::Sub) => {
                    self.addends(&b.left, out, depth);
                    self.addends(&b.right, out, depth);
                }
                Expr::Subscript(s) => self.addends(&s.value, out, depth),
                Expr::Call(c) if wraps(c).is_some() => {
                    self.addends(wraps(c).expect("checked"), out, depth)
                }
                Expr::Name(n) if depth < 4 => {
                    out.push(e);
                    // Its definition, or its definitions when all are one expression (an
                    // offset recomputed the same way in each of two loops is one view);
                    // different ones (an offset by `X`'s stride, then by `Y`'s) by the last
                    // before the address (`reach`), else not read.
                    if self.defs_alike(n.id.as_str()) {
                        let first = self
                            .assigns
                            .iter()
                            .find(|(t, _)| t.as_str() == n.id.as_str());
                        if let Some((_, v)) = first {
                            self.addends(v, out, depth + 1);
                        }
                    } else if let Some(reach) = self.reach.get() {
                        let last = self.assigns[..reach.min(self.assigns.len())]
                            .iter()
                            .rposition(|(t, _)| t.as_str() == n.id.as_str());
                        if let Some(at) = last {
                            // Names in its definition are read as they were at it.
                            self.reach.set(Some(at));
                            self.addends(&self.assigns[at].1, out, depth + 1);
                            self.reach.set(Some(reach));
                        }
                    }
                }
                e => out.push(e),
            }
        }

        fn is_pid(&self, e: &Expr) -> bool {
            match e {
                Expr::Name(n) => self.pids.iter().any(|p| p == n.id.as_str()),
                Expr::Call(c) => {
                    program_axis(e) == Some(0)
                        || (matches!(&*c.func, Expr::Attribute(a) if a.attr.id.as_str() == "to")
                            && matches!(&*c.func, Expr::Attribute(a) if self.is_pid(&a.value)))
                }
                _ => false,
            }
        }

        /// Records `ptr` stepped by `pid * s` when `e` adds both.
        fn note_strides(&mut self, ptrs: &[String], target: Option<&str>, e: &Expr) {
            let mut parts = Vec::new();
            self.addends(e, &mut parts, 0);
            let mut bases: Vec<String> = parts
                .iter()
                .filter_map(|p| match p {
                    Expr::Name(n) if ptrs.iter().any(|q| q == n.id.as_str()) => {
                        Some(n.id.to_string())
                    }
                    _ => None,
                })
                .collect();
            if let Some(t) = target.filter(|t| ptrs.iter().any(|q| q == t)) {
                bases.push(t.to_string());
            }
            let mut steps = Vec::new();
            for p in &parts {
                if let Expr::BinOp(b) = p {
                    if b.op != Operator::Mult {
                        continue;
                    }
                    let (l, r) = (&*b.left, &*b.right);
                    let stride = match (self.is_pid(l), self.is_pid(r), l, r) {
                        (true, false, _, Expr::Name(s)) | (false, true, Expr::Name(s), _) => {
                            Some(s.id.to_string())
                        }
                        _ => None,
                    };
                    steps.extend(stride);
                }
            }
            for b in &bases {
                for s in &steps {
                    if !self.strides.contains(&(b.clone(), s.clone())) {
                        self.strides.push((b.clone(), s.clone()));
                    }
                }
            }
        }
    }

    /// The value a call passes through unchanged as an address: `x.to(tl.int64)`,
    /// `tl.multiple_of(x, 16)`, `tl.max_contiguous(x, 16)`.
    fn wraps(c: &ruff_python_ast::ExprCall) -> Option<&Expr> {
        let name = dotted(&c.func);
        match &*c.func {
            Expr::Attribute(a) if a.attr.id.as_str() == "to" => Some(&a.value),
            _ if name
                .as_deref()
                .is_some_and(|n| n.ends_with("multiple_of") || n.ends_with("max_contiguous")) =>
            {
                c.arguments.args.first()
            }
            _ => None,
        }
    }

    /// The two values of `tl.where(c, x, y)` (positional), if `e` is such a call.
    fn where_branches(e: &Expr) -> Option<(&Expr, &Expr)> {
        let Expr::Call(c) = e else { return None };
        if dotted(&c.func)?.rsplit('.').next() != Some("where") {
            return None;
        }
        match &c.arguments.args[..] {
            [_, x, y] => Some((x, y)),
            _ => None,
        }
    }

    fn program_axis(e: &Expr) -> Option<i64> {
        let Expr::Call(c) = e else { return None };
        let name = dotted(&c.func)?;
        if !name.ends_with("program_id") && !name.ends_with("num_programs") {
            return None;
        }
        let arg = c.arguments.args.first().or_else(|| {
            c.arguments
                .keywords
                .iter()
                .find(|k| k.arg.as_ref().is_some_and(|a| a.id.as_str() == "axis"))
                .map(|k| &k.value)
        })?;
        match arg {
            Expr::NumberLiteral(n) => n.value.as_int().and_then(|i| i.as_i64()),
            _ => Some(-1),
        }
    }

    struct Scan<'f> {
        facts: &'f mut Facts,
    }

    impl<'a> Visitor<'a> for Scan<'_> {
        fn visit_stmt(&mut self, s: &'a Stmt) {
            if let Stmt::Assign(a) = s {
                if let [Expr::Name(t)] = &a.targets[..] {
                    self.facts
                        .assigns
                        .push((t.id.to_string(), (*a.value).clone()));
                    if self.facts.is_pid(&a.value) {
                        self.facts.pids.push(t.id.to_string());
                    }
                }
            }
            walk_stmt(self, s);
        }
        fn visit_expr(&mut self, e: &'a Expr) {
            match e {
                Expr::Call(c) => {
                    match program_axis(e) {
                        Some(a) if a < 0 => self.facts.unread_axis = true,
                        Some(a) => {
                            self.facts.other_axis |= a != 0;
                            self.facts.axes = self.facts.axes.max(a as usize + 1);
                        }
                        None => {}
                    }
                    if dotted(&c.func)
                        .as_deref()
                        .is_some_and(|n| n.ends_with("range"))
                    {
                        names(&c.arguments.args, &mut self.facts.ints);
                    }
                    // A block pointer's shape, strides and offsets are integers.
                    crate::front::block_ptr_int_names(c, &mut self.facts.ints);
                }
                // Operands of an operator Triton rejects on floats (`//`, shifts).
                Expr::BinOp(b)
                    if matches!(
                        b.op,
                        Operator::FloorDiv | Operator::LShift | Operator::RShift
                    ) =>
                {
                    for x in [&*b.left, &*b.right] {
                        if let Expr::Name(n) = x {
                            self.facts.ints.push(n.id.to_string());
                        }
                    }
                }
                Expr::Compare(c) => {
                    names(std::slice::from_ref(&*c.left), &mut self.facts.ints);
                    names(&c.comparators, &mut self.facts.ints);
                    names(std::slice::from_ref(&*c.left), &mut self.facts.compared);
                    names(&c.comparators, &mut self.facts.compared);
                }
                _ => {}
            }
            walk_expr(self, e);
        }
    }

    pub(super) fn names(es: &[Expr], out: &mut Vec<String>) {
        for e in es {
            if let Expr::Name(n) = e {
                out.push(n.id.to_string());
            }
        }
    }

    /// A pointer of `ptrs` that a load or store addresses by the program id with no
    /// `tl.arange` (`tl.store(mid_ptr + pid, tl.sum(x))`: one element per program, a
    /// second-stage input of a two-stage reduction), if any.
    pub(super) fn per_program_pointer(body: &[Stmt], ptrs: &[String]) -> Option<String> {
        let facts = read(body);
        struct Addrs<'a>(Vec<&'a Expr>);
        impl<'a> Visitor<'a> for Addrs<'a> {
            fn visit_expr(&mut self, e: &'a Expr) {
                if let Expr::Call(c) = e {
                    let n = dotted(&c.func).unwrap_or_default();
                    if n.ends_with(".load") || n.ends_with(".store") {
                        self.0.extend(c.arguments.args.first());
                    }
                }
                walk_expr(self, e);
            }
        }
        let mut v = Addrs(Vec::new());
        body.iter().for_each(|s| v.visit_stmt(s));
        fn has_arange(e: &Expr) -> bool {
            struct A(bool);
            impl<'a> Visitor<'a> for A {
                fn visit_expr(&mut self, e: &'a Expr) {
                    if let Expr::Call(c) = e {
                        self.0 |= dotted(&c.func).is_some_and(|n| n.ends_with("arange"));
                    }
                    walk_expr(self, e);
                }
            }
            let mut a = A(false);
            a.visit_expr(e);
            a.0
        }
        for addr in v.0 {
            let mut parts = Vec::new();
            facts.addends(addr, &mut parts, 0);
            let by_pid = parts.iter().any(|p| program_axis(p).is_some());
            if !by_pid || parts.iter().any(|p| has_arange(p)) {
                continue;
            }
            let ptr = parts.iter().find_map(|p| match p {
                Expr::Name(n) if ptrs.iter().any(|q| q == n.id.as_str()) => Some(n.id.to_string()),
                _ => None,
            });
            if ptr.is_some() {
                return ptr;
            }
        }
        None
    }

    /// The names a product multiplies, through nested products and conversions (`m * N * K`
    /// and `m.to(tl.int64) * N` name `m`, `N`, `K`).
    pub(super) fn factor_names(e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::BinOp(b) if b.op == Operator::Mult => {
                factor_names(&b.left, out);
                factor_names(&b.right, out);
            }
            Expr::Call(c) if wraps(c).is_some() => {
                factor_names(wraps(c).expect("checked by the guard"), out)
            }
            Expr::Name(n) => out.push(n.id.to_string()),
            _ => {}
        }
    }

    /// Whether some `tl.store` of `body` stores at the bare pointer `ptr` (its first argument
    /// the name itself).
    pub(super) fn stored_bare(body: &[Stmt], ptr: &str) -> bool {
        struct S<'p>(&'p str, bool);
        impl<'a> Visitor<'a> for S<'_> {
            fn visit_expr(&mut self, e: &'a Expr) {
                if let Expr::Call(c) = e {
                    let n = dotted(&c.func).unwrap_or_default();
                    let first = c.arguments.args.first().or_else(|| {
                        c.arguments
                            .keywords
                            .iter()
                            .find(|k| k.arg.as_ref().is_some_and(|a| a.id.as_str() == "pointer"))
                            .map(|k| &k.value)
                    });
                    if n.ends_with(".store")
                        && matches!(first, Some(Expr::Name(x)) if x.id.as_str() == self.0)
                    {
                        self.1 = true;
                    }
                }
                walk_expr(self, e);
            }
        }
        let mut v = S(ptr, false);
        body.iter().for_each(|s| v.visit_stmt(s));
        v.1
    }

    /// Reads the body: program ids, integer uses, and each pointer's row stride.
    pub(super) fn read(body: &[Stmt]) -> Facts {
        let mut facts = Facts {
            never_pointers: crate::front::never_pointers(body),
            ..Facts::default()
        };
        let mut scan = Scan { facts: &mut facts };
        for s in body {
            scan.visit_stmt(s);
        }
        // Pointers: every name a load or store addresses, and every name assigned from one.
        let mut ptr_like: Vec<String> = Vec::new();
        // Each with how many of `facts.assigns` (the same walk) come before it.
        struct Ptrs<'p>(&'p mut Vec<(Option<String>, Expr)>, Vec<usize>, usize);
        impl<'a> Visitor<'a> for Ptrs<'_> {
            fn visit_stmt(&mut self, s: &'a Stmt) {
                match s {
                    Stmt::Assign(a) => {
                        if let [Expr::Name(t)] = &a.targets[..] {
                            self.0.push((Some(t.id.to_string()), (*a.value).clone()));
                            self.1.push(self.2);
                            self.2 += 1;
                        }
                    }
                    Stmt::AugAssign(a) => {
                        if let Expr::Name(t) = &*a.target {
                            self.0.push((Some(t.id.to_string()), (*a.value).clone()));
                            self.1.push(self.2);
                        }
                    }
                    _ => {}
                }
                walk_stmt(self, s);
            }
            fn visit_expr(&mut self, e: &'a Expr) {
                if let Expr::Call(c) = e {
                    // Atomics address memory too (their offsets' factors are integers).
                    // So is a block pointer's base (`make_block_ptr(base=Q + off, ...)`).
                    if let Some(p) = crate::front::access_pointer(c).or_else(|| block_ptr_base(c)) {
                        self.0.push((None, p.clone()));
                        self.1.push(self.2);
                    }
                }
                walk_expr(self, e);
            }
        }
        let mut exprs = Vec::new();
        let mut v = Ptrs(&mut exprs, Vec::new(), 0);
        for s in body {
            v.visit_stmt(s);
        }
        let reaches = std::mem::take(&mut v.1);
        // The names a load or store addresses, then, to a fixed point, the names an
        // assignment to one of them adds (`p = x_ptr + offs`; `p += step`).
        let named_addends = |e: &Expr, out: &mut Vec<String>| {
            let mut parts = Vec::new();
            facts.addends(e, &mut parts, 0);
            for p in parts {
                if let Expr::Name(n) = p {
                    out.push(n.id.to_string());
                }
            }
        };
        for (_, e) in exprs.iter().filter(|(t, _)| t.is_none()) {
            named_addends(e, &mut ptr_like);
        }
        loop {
            let before = ptr_like.len();
            for (t, e) in &exprs {
                if t.as_ref().is_some_and(|t| ptr_like.contains(t)) {
                    let mut names = Vec::new();
                    named_addends(e, &mut names);
                    for n in names {
                        if !ptr_like.contains(&n) {
                            ptr_like.push(n);
                        }
                    }
                }
            }
            if ptr_like.len() == before {
                break;
            }
        }
        ptr_like.retain(|p| !facts.never_pointers.contains(p));
        // Integers by use in addresses: the operands of a product a pointer adds.
        let mut address_ints = Vec::new();
        for ((target, e), reach) in exprs.iter().zip(&reaches) {
            if target.as_ref().is_some_and(|t| !ptr_like.contains(t)) {
                continue;
            }
            facts.reach.set(Some(*reach));
            let mut parts = Vec::new();
            facts.addends(e, &mut parts, 0);
            // Either branch of `tl.where(c, x, y)` an address adds is an offset too. Each
            // `tl.where` is opened once: a name updated through one of its own branches
            // (`rank = tl.where(m, rank - 1, 0)`) adds that `tl.where` again.
            let mut opened: Vec<&Expr> = Vec::new();
            while let Some(k) = parts.iter().position(|p| where_branches(p).is_some()) {
                crate::clock::tick();
                let w = parts.swap_remove(k);
                if opened.iter().any(|o| std::ptr::eq(*o, w)) {
                    continue;
                }
                opened.push(w);
                let (x, y) = where_branches(w).expect("found above");
                facts.addends(x, &mut parts, 0);
                facts.addends(y, &mut parts, 0);
            }
            for p in parts {
                if let Expr::BinOp(b) = p {
                    if b.op == Operator::Mult {
                        factor_names(p, &mut address_ints);
                    }
                }
            }
        }
        facts.ints.extend(address_ints);
        facts.ints = super::roles::int_closure(body, &facts.ints);
        for ((target, e), reach) in exprs.iter().zip(&reaches) {
            facts.reach.set(Some(*reach));
            facts.note_strides(&ptr_like, target.as_deref(), e);
            facts.note_steps(&ptr_like, target.as_deref(), e);
        }
        facts.reach.set(None);
        let block_steps: Vec<_> = facts.assigns.iter().filter_map(block_ptr_steps).collect();
        facts.steps.extend(block_steps);
        facts
    }

    /// The `base` argument of a `tl.make_block_ptr(base, ...)` call.
    fn block_ptr_base(c: &ruff_python_ast::ExprCall) -> Option<&Expr> {
        if dotted(&c.func)?.rsplit('.').next() != Some("make_block_ptr") {
            return None;
        }
        let by_name = c
            .arguments
            .keywords
            .iter()
            .find(|k| k.arg.as_ref().is_some_and(|a| a.id.as_str() == "base"));
        by_name.map(|k| &k.value).or(c.arguments.args.first())
    }

    /// The steps of the base pointer of `name = tl.make_block_ptr(base, shape, strides, ...)`:
    /// a product per stride that is not the literal 1, and a unit step when one is.
    fn block_ptr_steps((_, e): &(String, Expr)) -> Option<(String, Vec<Vec<String>>, bool)> {
        let Expr::Call(c) = e else { return None };
        if dotted(&c.func)?.rsplit('.').next() != Some("make_block_ptr") {
            return None;
        }
        let arg = |name: &str, at: usize| {
            let by_name = c
                .arguments
                .keywords
                .iter()
                .find(|k| k.arg.as_ref().is_some_and(|a| a.id.as_str() == name));
            by_name.map(|k| &k.value).or(c.arguments.args.get(at))
        };
        let Some(Expr::Name(base)) = arg("base", 0) else {
            return None;
        };
        let Some(Expr::Tuple(strides)) = arg("strides", 2) else {
            return None;
        };
        let (mut products, mut unit) = (Vec::new(), false);
        for x in &strides.elts {
            if crate::host::int_literal(x) == Some(1) {
                unit = true;
                continue;
            }
            let mut names = Vec::new();
            factor_names(x, &mut names);
            match names.is_empty() {
                true => unit = true,
                false => products.push(names),
            }
        }
        Some((base.id.to_string(), products, unit))
    }
}

/// What a device function's constexpr parameter with no default is, read off its uses in the
/// function's body as a kernel's are ([`roles`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum DeviceRole {
    /// A flag or a block size: each of these values (Python literals), each its own formula;
    /// the note states the sweep.
    Values(Vec<String>, String),
    /// A value of any real, or an integer: an argument like the others.
    Argument,
}

/// The role of each constexpr parameter of device function `k` that has no default, in
/// parameter order; `Err` for a use the model cannot give a value to (an element type).
pub(crate) fn device_roles(
    k: &KernelDef,
    constants: &[(String, Expr)],
) -> Result<Vec<(String, DeviceRole)>, String> {
    let body = &k.def.body;
    let mut out = Vec::new();
    for p in k
        .params
        .iter()
        .filter(|p| p.constexpr && p.default.is_none())
    {
        let role = roles::role(body, &p.name, &[], block_like(body, &p.name), constants);
        let r = match role {
            roles::Role::Block => DeviceRole::Values(
                SWEEP.iter().map(|v| v.to_string()).collect(),
                sweep_note(&[format!("`{}`", p.name)]),
            ),
            roles::Role::Flag(values, every) => {
                let covers = match (every, values.first()) {
                    (true, _) => "the body tells no other values apart from these",
                    (false, Some(HostArg::Dtype(_))) => "the last floating-point type stands for every other one, as the model's values are reals; other integer types are not claimed",
                    (false, _) => "other values are not claimed",
                };
                let shown_values: Vec<String> = values.iter().map(shown).collect();
                let note = format!(
                    "the flag `{}` each of {} (no default and no call in the file fixes it, the body only selects code by it, and {covers}: each value its own formula)",
                    p.name,
                    shown_values.join(", ")
                );
                DeviceRole::Values(shown_values, note)
            }
            roles::Role::Int | roles::Role::Real => DeviceRole::Argument,
            roles::Role::Unread(why) => return Err(why),
        };
        out.push((p.name.clone(), r));
    }
    Ok(out)
}
