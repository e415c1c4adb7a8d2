//! Names the module binds to Triton functions: `from triton.language.extra.cuda.libdevice
//! import rsqrt`, `erf = tl_extra_shim.erf`, `from triton.language.math import tanh as th`,
//! at the top level of the file (also inside a top-level `try`/`if`). The interpreter reads a
//! call of such a name as a call of the path it stands for.

use crate::front::dotted;
use ruff_python_ast::{Expr, Stmt};

/// Module paths that are libdevice under another name: FlagGems re-exports the backend's
/// libdevice as `flag_gems.utils.tl_extra_shim`.
const LIBDEVICE_SHIMS: &[&str] = &["tl_extra_shim", "flag_gems.utils.tl_extra_shim"];

/// What names of a file stand for: its aliases, and the imported modules whose
/// `@triton.jit` functions were appended to its text (see [`with_imported`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Names {
    pub aliases: Vec<(String, String)>,
    pub modules: Vec<String>,
    /// Module-level constants (`_MODE_NONE: tl.constexpr = tl.constexpr(0)`, `EPS = 1e-6`):
    /// each name with its literal, read in kernel bodies and parameter defaults as Triton
    /// reads a global constexpr.
    pub constants: Vec<(String, Expr)>,
}

impl Names {
    /// The path or helper name a called dotted name stands for.
    pub(crate) fn resolve(&self, full: &str) -> String {
        let path = resolve(&self.aliases, full);
        match in_module(&self.modules, &path) {
            Some(name) => name.to_string(),
            None => path,
        }
    }
}

/// `text` followed by the top-level `@triton.jit` functions of the imported `modules` (name,
/// text) that `text` does not define itself, and the names of the modules that gave some.
/// Positions inside `text` are unchanged.
pub(crate) fn with_imported(text: &str, modules: &[(String, String)]) -> (String, Vec<String>) {
    let own: Vec<String> = match ruff_python_parser::parse_module(text) {
        Ok(p) => p.syntax().body.iter().filter_map(def_name).collect(),
        Err(_) => return (text.to_string(), vec![]),
    };
    let mut out = text.to_string();
    let mut used = Vec::new();
    let mut added: Vec<String> = Vec::new();
    for (name, src) in modules {
        let Ok(parsed) = ruff_python_parser::parse_module(src) else {
            continue;
        };
        for s in &parsed.syntax().body {
            let Stmt::FunctionDef(f) = s else { continue };
            let jit = f.decorator_list.iter().any(|d| {
                let e = match &d.expression {
                    Expr::Call(c) => &*c.func,
                    e => e,
                };
                matches!(dotted(e).as_deref(), Some("triton.jit" | "jit"))
            });
            let fname = f.name.id.to_string();
            if !jit || own.contains(&fname) || added.contains(&fname) {
                continue;
            }
            use ruff_text_size::Ranged;
            let start = f
                .decorator_list
                .first()
                .map(|d| d.range().start())
                .unwrap_or(f.range().start())
                .to_usize();
            let end = f.range().end().to_usize();
            out.push_str(&format!("\n\n# from module {name}\n"));
            out.push_str(&src[start..end]);
            out.push('\n');
            added.push(fname);
            if !used.contains(name) {
                used.push(name.clone());
            }
        }
    }
    // Appended text that does not parse with the file (it should: each piece parsed in its
    // module) is dropped, so a diagnostic never points past the user's text.
    if ruff_python_parser::parse_module(&out).is_err() {
        return (text.to_string(), vec![]);
    }
    (out, used)
}

fn def_name(s: &Stmt) -> Option<String> {
    match s {
        Stmt::FunctionDef(f) => Some(f.name.id.to_string()),
        _ => None,
    }
}

/// `(name, dotted path)` of each top-level binding of a name to a dotted path.
/// The module-level constants of `body`: a name assigned once, at module level, a literal
/// (an integer, a float, a boolean or a string, possibly negated, possibly wrapped in
/// `tl.constexpr(...)`, possibly annotated). A name assigned more than once is none.
pub(crate) fn module_constants(body: &[Stmt]) -> Vec<(String, Expr)> {
    let mut out: Vec<(String, Expr)> = Vec::new();
    let mut twice: Vec<String> = Vec::new();
    for s in body {
        let (target, value) = match s {
            Stmt::Assign(a) => match &a.targets[..] {
                [Expr::Name(n)] => (n.id.to_string(), &*a.value),
                _ => continue,
            },
            Stmt::AnnAssign(a) => match (&*a.target, a.value.as_deref()) {
                (Expr::Name(n), Some(v)) => (n.id.to_string(), v),
                _ => continue,
            },
            _ => continue,
        };
        if out.iter().any(|(n, _)| *n == target) {
            twice.push(target.clone());
        }
        let value = match value {
            Expr::Call(c)
                if dotted(&c.func).is_some_and(|f| f.ends_with("constexpr"))
                    && c.arguments.args.len() == 1
                    && c.arguments.keywords.is_empty() =>
            {
                &c.arguments.args[0]
            }
            v => v,
        };
        let literal = match value {
            Expr::NumberLiteral(_) | Expr::BooleanLiteral(_) | Expr::StringLiteral(_) => true,
            Expr::UnaryOp(u) => {
                u.op == ruff_python_ast::UnaryOp::USub
                    && matches!(&*u.operand, Expr::NumberLiteral(_))
            }
            _ => false,
        };
        if literal {
            out.push((target, value.clone()));
        }
    }
    out.retain(|(n, _)| !twice.contains(n));
    out
}

pub(crate) fn module_aliases(body: &[Stmt]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for s in body {
        match s {
            Stmt::Assign(a) => {
                if let ([Expr::Name(n)], Some(path)) = (&a.targets[..], dotted(&a.value)) {
                    if path.contains('.') {
                        out.push((n.id.to_string(), path));
                    }
                }
            }
            Stmt::ImportFrom(i) => {
                let module = i
                    .module
                    .as_ref()
                    .map(|m| format!("{}.", m.id))
                    .unwrap_or_default();
                for a in &i.names {
                    let name = a.asname.as_ref().unwrap_or(&a.name).id.to_string();
                    out.push((name, format!("{module}{}", a.name.id)));
                }
            }
            Stmt::Import(i) => {
                for a in &i.names {
                    if let Some(as_name) = &a.asname {
                        out.push((as_name.id.to_string(), a.name.id.to_string()));
                    }
                }
            }
            Stmt::Try(t) => out.extend(module_aliases(&t.body)),
            Stmt::If(i) => out.extend(module_aliases(&i.body)),
            _ => {}
        }
    }
    out
}

/// The modules a file imports, as dotted names the caller may resolve to files (for
/// `from a.b import c`: `a.b.c` and `a.b`; `from ..u import c`: `..u.c` and `..u`, the leading
/// dots the import's level).
pub fn imported_modules(text: &str) -> Vec<String> {
    let Ok(parsed) = ruff_python_parser::parse_module(text) else {
        return vec![];
    };
    let mut out = Vec::new();
    collect_imports(&parsed.syntax().body, &mut out);
    out.dedup();
    out
}

fn collect_imports(body: &[Stmt], out: &mut Vec<String>) {
    for s in body {
        match s {
            Stmt::ImportFrom(i) => {
                let dots = ".".repeat(i.level as usize);
                let module = i
                    .module
                    .as_ref()
                    .map(|m| m.id.to_string())
                    .unwrap_or_default();
                let base = format!("{dots}{module}");
                for a in &i.names {
                    let sep = if module.is_empty() { "" } else { "." };
                    out.push(format!("{base}{sep}{}", a.name.id));
                }
                if !module.is_empty() {
                    out.push(base);
                }
            }
            Stmt::Import(i) => out.extend(i.names.iter().map(|a| a.name.id.to_string())),
            Stmt::Try(t) => collect_imports(&t.body, out),
            Stmt::If(i) => collect_imports(&i.body, out),
            _ => {}
        }
    }
}

/// The name a module's `@triton.jit` function is called by when it is one of the imported
/// `modules` (`flag_gems.utils.triton_lang_extension.program_id` is `program_id`).
pub(crate) fn in_module<'p>(modules: &[String], path: &'p str) -> Option<&'p str> {
    modules.iter().find_map(|m| {
        let m = m.trim_start_matches('.');
        path.strip_prefix(m)
            .and_then(|r| r.strip_prefix('.'))
            .filter(|r| !r.contains('.'))
    })
}

/// The path a called name stands for: its first segment through `aliases` (the last binding
/// wins, as in Python), and a libdevice shim as `libdevice`.
pub(crate) fn resolve(aliases: &[(String, String)], full: &str) -> String {
    let (head, rest) = match full.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (full, None),
    };
    let mut path = match aliases.iter().rev().find(|(n, _)| n == head) {
        Some((_, p)) => match rest {
            Some(r) => format!("{p}.{r}"),
            None => p.clone(),
        },
        None => full.to_string(),
    };
    for shim in LIBDEVICE_SHIMS {
        if let Some(r) = path.strip_prefix(&format!("{shim}.")) {
            path = format!("libdevice.{r}");
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_through_imports_and_shims() {
        let src = "from triton.language.extra.cuda.libdevice import rsqrt\n\
                   from triton.language.math import tanh as th\n\
                   from flag_gems.utils import tl_extra_shim\n\
                   erf = tl_extra_shim.erf\n\
                   try:\n    from triton.language.extra import libdevice\nexcept ImportError:\n    pass\n";
        let m = ruff_python_parser::parse_module(src).unwrap();
        let a = module_aliases(&m.syntax().body);
        assert_eq!(
            resolve(&a, "rsqrt"),
            "triton.language.extra.cuda.libdevice.rsqrt"
        );
        assert_eq!(resolve(&a, "th"), "triton.language.math.tanh");
        assert_eq!(resolve(&a, "erf"), "libdevice.erf");
        assert_eq!(resolve(&a, "tl_extra_shim.pow"), "libdevice.pow");
        assert_eq!(
            resolve(&a, "libdevice.asin"),
            "triton.language.extra.libdevice.asin"
        );
        assert_eq!(resolve(&a, "tl.exp"), "tl.exp");
    }
}
