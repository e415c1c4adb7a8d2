//! What a constexpr parameter is when nothing in the text gives it a value (no autotune
//! configuration, no heuristic, no default), read off its uses in the kernel's body: a block
//! size (swept), a flag (each value the body distinguishes), an integer (any value, like the
//! integer parameters), or a real scalar (any value). Each reading is stated in the claim.

use crate::host::{HExpr, HostArg};
use ruff_python_ast::visitor::{walk_expr, walk_stmt, Visitor};
use ruff_python_ast::{BoolOp, CmpOp, Expr, Operator, Stmt, UnaryOp};

/// The role of a constexpr nothing fixes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Role {
    /// It sizes blocks (`tl.arange(0, BLOCK)`): each value of the block sweep.
    Block,
    /// It only selects code (`if HAS_BIAS:`, `reduction == 1`): each of these values, and
    /// whether they stand for every value it can take (an integer none of the literals
    /// stands for all others; strings are only those the body names).
    Flag(Vec<HostArg>, bool),
    /// The body uses it as an integer (index arithmetic, a bound): any integer.
    Int,
    /// Any other use (a factor of values, `eps`, `scale`): any real.
    Real,
    /// A use the model cannot give a value to (a dtype), and why.
    Unread(String),
}

/// At most this many flag assignments are checked for one kernel.
pub(crate) const MAX_VARIANTS: usize = 16;

/// The role of constexpr `name` in `body`; `ints` are the names the body uses as integers
/// (compared, `range` bounds, factors of addresses) and `block` whether it sizes blocks.
pub(crate) fn role(
    body: &[Stmt],
    name: &str,
    ints: &[String],
    block: bool,
    constants: &[(String, Expr)],
) -> Role {
    let mut u = Uses {
        name,
        constants,
        ..Uses::default()
    };
    body.iter().for_each(|s| u.visit_stmt(s));
    if u.queried > 0 && u.queried == u.all {
        // Only its predicates and attributes are read (`dtype.value.is_floating()`): each
        // type Triton names, the body may tell any two apart.
        return Role::Flag(
            crate::eltypes::every_type()
                .map(|t| HostArg::Dtype(t.to_string()))
                .collect(),
            true,
        );
    }
    if u.dtype {
        if u.dtype_uses + u.selects < u.all {
            return Role::Unread(format!(
                "the constexpr `{name}` is an element type used otherwise than in conversions and comparisons with named types"
            ));
        }
        // Each type the body compares it with, and one floating-point type it does not,
        // standing for all others (the model's values are reals: every floating-point type
        // converts alike); other integer types are not claimed.
        let mut names: Vec<String> = Vec::new();
        for n in &u.dtypes {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
        if let Some(other) = ["float32", "float16", "bfloat16", "float64"]
            .iter()
            .find(|f| !names.iter().any(|n| n == *f))
        {
            names.push(other.to_string());
        }
        return Role::Flag(names.into_iter().map(HostArg::Dtype).collect(), false);
    }
    if block {
        return Role::Block;
    }
    if u.selects > 0 && u.selects == u.all {
        let mut values: Vec<HostArg> = Vec::new();
        for v in u.literals.iter().cloned() {
            if !values.contains(&v) {
                values.push(v);
            }
        }
        let ints: Vec<i128> = values
            .iter()
            .filter_map(|v| match v {
                HostArg::Int(HExpr::Lit(x)) => Some(*x),
                _ => None,
            })
            .collect();
        if !ints.is_empty() && ints.len() == values.len() {
            // One value the body compares with none of its literals stands for all such
            // values: the body tells them apart by nothing else.
            let other = ints.iter().max().expect("not empty") + 1;
            values.push(HostArg::Int(HExpr::Lit(other)));
        }
        if u.truthy || values.is_empty() {
            for b in [false, true] {
                if !values.iter().any(|v| truth(v) == Some(b)) {
                    values.push(HostArg::Bool(b));
                }
            }
        }
        let every = values.iter().all(|v| !matches!(v, HostArg::Str(_)));
        return Role::Flag(values, every);
    }
    if u.all == 0 {
        // Read nowhere: its value changes nothing.
        return Role::Real;
    }
    if int_closure(body, ints).iter().any(|n| n == name) {
        return Role::Int;
    }
    Role::Real
}

/// The truth value of a flag's literal.
fn truth(v: &HostArg) -> Option<bool> {
    match v {
        HostArg::Bool(b) => Some(*b),
        HostArg::Int(HExpr::Lit(x)) => Some(*x != 0),
        _ => None,
    }
}

/// How a body uses one name.
#[derive(Default)]
struct Uses<'n> {
    name: &'n str,
    /// The module's constants: a comparison with one is a comparison with its literal.
    constants: &'n [(String, Expr)],
    /// Every occurrence.
    all: usize,
    /// Occurrences that only select code: a condition's truth value, or a comparison with
    /// a literal inside a condition.
    selects: usize,
    /// It is read as a truth value.
    truthy: bool,
    /// The literals it is compared with.
    literals: Vec<HostArg>,
    /// It is compared with `tl.float32`-style types, or converted to.
    dtype: bool,
    /// Occurrences as a conversion's type or compared with a named type.
    dtype_uses: usize,
    /// The named types it is compared with (`float32`).
    dtypes: Vec<String>,
    /// Occurrences as a dtype whose predicates or attributes are read (`X.value`,
    /// `X.is_floating()`, `X.int_bitwidth`).
    queried: usize,
}

impl Uses<'_> {
    /// The literal `e` is, directly or as a module constant.
    fn literal(&self, e: &Expr) -> Option<HostArg> {
        match e {
            Expr::Name(n) => self
                .constants
                .iter()
                .find(|(c, _)| c == n.id.as_str())
                .and_then(|(_, v)| literal(v)),
            e => literal(e),
        }
    }

    fn is_it(&self, e: &Expr) -> bool {
        matches!(e, Expr::Name(n) if n.id.as_str() == self.name)
    }

    /// Counts the uses a condition `test` makes of the name that only select code.
    fn condition(&mut self, test: &Expr) {
        match test {
            e if self.is_it(e) => {
                self.selects += 1;
                self.truthy = true;
            }
            Expr::UnaryOp(u) if u.op == UnaryOp::Not => self.condition(&u.operand),
            Expr::BoolOp(b) if matches!(b.op, BoolOp::And | BoolOp::Or) => {
                b.values.iter().for_each(|v| self.condition(v))
            }
            Expr::Compare(c) if c.ops.len() == 1 => {
                let (l, r) = (&*c.left, &c.comparators[0]);
                let eq = matches!(
                    c.ops[0],
                    CmpOp::Eq | CmpOp::NotEq | CmpOp::Is | CmpOp::IsNot
                );
                let lit = match (self.is_it(l), self.is_it(r)) {
                    (true, false) => self.literal(r),
                    (false, true) => self.literal(l),
                    _ => None,
                };
                if let (true, Some(v)) = (eq, lit) {
                    self.selects += 1;
                    self.literals.push(v);
                }
            }
            _ => {}
        }
    }
}

/// A literal a flag may be compared with.
fn literal(e: &Expr) -> Option<HostArg> {
    match e {
        Expr::BooleanLiteral(b) => Some(HostArg::Bool(b.value)),
        Expr::StringLiteral(s) => Some(HostArg::Str(s.value.to_str().to_string())),
        e => crate::host::int_literal(e).map(|v| HostArg::Int(HExpr::Lit(v.into()))),
    }
}

/// The element type `e` names (`tl.float32` is `float32`).
fn dtype_name(e: &Expr) -> Option<String> {
    is_dtype(e)
        .then(|| crate::front::dotted(e))
        .flatten()
        .and_then(|d| d.rsplit('.').next().map(str::to_string))
}

/// Whether `e` names an element type (`tl.float32`, `tl.int64`).
fn is_dtype(e: &Expr) -> bool {
    const TYPES: &[&str] = &[
        "float16",
        "bfloat16",
        "float32",
        "float64",
        "int1",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "float8e4nv",
        "float8e5",
    ];
    crate::front::dotted(e)
        .and_then(|d| d.rsplit('.').next().map(str::to_string))
        .is_some_and(|last| TYPES.contains(&last.as_str()))
}

impl<'a> Visitor<'a> for Uses<'_> {
    fn visit_stmt(&mut self, s: &'a Stmt) {
        match s {
            Stmt::If(i) => {
                self.condition(&i.test);
                for c in &i.elif_else_clauses {
                    if let Some(t) = &c.test {
                        self.condition(t);
                    }
                }
            }
            Stmt::While(w) => self.condition(&w.test),
            Stmt::Assert(a) => self.condition(&a.test),
            _ => {}
        }
        walk_stmt(self, s);
    }

    fn visit_expr(&mut self, e: &'a Expr) {
        match e {
            e if self.is_it(e) => self.all += 1,
            Expr::Attribute(a) if self.is_it(&a.value) => {
                let attr = a.attr.id.as_str();
                if attr == "value" || attr.starts_with("is_") || attr.ends_with("bitwidth") {
                    self.queried += 1;
                }
            }
            Expr::If(i) => self.condition(&i.test),
            Expr::Compare(c) if c.ops.len() == 1 => {
                let (l, r) = (&*c.left, &c.comparators[0]);
                let other = match (self.is_it(l), self.is_it(r)) {
                    (true, false) => Some(r),
                    (false, true) => Some(l),
                    _ => None,
                };
                if let Some(name) = other.and_then(dtype_name) {
                    self.dtype = true;
                    self.dtype_uses += 1;
                    self.dtypes.push(name);
                }
            }
            Expr::Call(c) => {
                let method = match &*c.func {
                    Expr::Attribute(a) => a.attr.id.as_str(),
                    _ => "",
                };
                let f = crate::front::dotted(&c.func).unwrap_or_default();
                // `tl.where(c, x, y)` with a scalar `c` selects one of two values by `c`'s
                // truth: a condition, as `if c:` is.
                if f.rsplit('.').next() == Some("where") {
                    if let Some(test) = c.arguments.args.first() {
                        self.condition(test);
                    }
                }
                let converts = match (method, f.ends_with(".cast") && f.starts_with("tl")) {
                    ("to" | "cast", false) => c.arguments.args.first(),
                    (_, true) => c.arguments.args.get(1),
                    _ => None,
                };
                if converts.is_some_and(|a| self.is_it(a)) {
                    self.dtype = true;
                    self.dtype_uses += 1;
                }
                for k in &c.arguments.keywords {
                    if k.arg.as_ref().is_some_and(|a| a.id.as_str() == "dtype")
                        && self.is_it(&k.value)
                    {
                        self.dtype = true;
                        self.dtype_uses += 1;
                    }
                }
            }
            _ => {}
        }
        walk_expr(self, e);
    }
}

/// The names the body uses as integers: `ints`, the operands of `//`, `%`, shifts and of
/// comparisons and `range` bounds through integer arithmetic, and every name an integer
/// name's assignment computes it from by integer arithmetic (`n = B * H` with `n` an
/// integer makes `B` and `H` integers; `x += s` with `x` an integer makes `s` one), to a
/// fixed point.
pub(crate) fn int_closure(body: &[Stmt], ints: &[String]) -> Vec<String> {
    let mut scan = IntScan::default();
    body.iter().for_each(|s| scan.visit_stmt(s));
    let mut out: Vec<String> = ints.to_vec();
    out.extend(scan.seeds);
    loop {
        let before = out.len();
        for (t, e) in &scan.assigns {
            if out.contains(t) {
                let mut names = Vec::new();
                arith_names(e, &mut names);
                for n in names {
                    if !out.contains(&n) {
                        out.push(n);
                    }
                }
            }
        }
        for (a, b) in &scan.links {
            if out.contains(a) && !out.contains(b) {
                out.push(b.clone());
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

/// The names of `e` through `+ - * // %`, unary minus, subscripts, `.to(...)` and `min`/`max`.
fn arith_names(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Name(n) => out.push(n.id.to_string()),
        Expr::BinOp(b)
            if matches!(
                b.op,
                Operator::Add | Operator::Sub | Operator::Mult | Operator::FloorDiv | Operator::Mod
            ) =>
        {
            arith_names(&b.left, out);
            arith_names(&b.right, out);
        }
        Expr::UnaryOp(u) if u.op == UnaryOp::USub => arith_names(&u.operand, out),
        Expr::Subscript(s) => arith_names(&s.value, out),
        // `min(a, b)`, `tl.minimum(a, b)` (a range's end `min((pid + 1) * rows, n_rows)`):
        // integers when the result is.
        Expr::Call(c)
            if crate::front::dotted(&c.func).is_some_and(|f| {
                matches!(
                    f.as_str(),
                    "min"
                        | "max"
                        | "tl.minimum"
                        | "tl.maximum"
                        | "triton.language.minimum"
                        | "triton.language.maximum"
                )
            }) =>
        {
            c.arguments.args.iter().for_each(|a| arith_names(a, out));
        }
        Expr::Call(c) => {
            let to = matches!(&*c.func, Expr::Attribute(a) if a.attr.id.as_str() == "to");
            if let (true, Expr::Attribute(a)) = (to, &*c.func) {
                arith_names(&a.value, out);
            }
        }
        _ => {}
    }
}

#[derive(Default)]
struct IntScan {
    seeds: Vec<String>,
    assigns: Vec<(String, Expr)>,
    /// `(a, b)`: `a` and `b` are compared, so each is an integer when the other is.
    links: Vec<(String, String)>,
}

impl IntScan {
    /// Each of `names` is an integer when another is (the operands of one comparison or
    /// remainder).
    fn link(&mut self, names: &[String]) {
        for n in names {
            for m in names.iter().filter(|m| *m != n) {
                self.links.push((n.clone(), m.clone()));
            }
        }
    }
}

/// Whether `e` computes an index: it calls `tl.program_id`, `tl.num_programs` or
/// `tl.arange`.
fn indexes(e: &Expr) -> bool {
    struct Find(bool);
    impl<'a> Visitor<'a> for Find {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Call(c) = e {
                let f = crate::front::dotted(&c.func).unwrap_or_default();
                if ["program_id", "num_programs", "arange"]
                    .iter()
                    .any(|n| f.ends_with(n))
                {
                    self.0 = true;
                }
            }
            walk_expr(self, e);
        }
    }
    let mut f = Find(false);
    f.visit_expr(e);
    f.0
}

impl<'a> Visitor<'a> for IntScan {
    fn visit_stmt(&mut self, s: &'a Stmt) {
        if let Stmt::Assign(a) = s {
            if let [Expr::Name(t)] = &a.targets[..] {
                self.assigns.push((t.id.to_string(), (*a.value).clone()));
                if indexes(&a.value) {
                    self.seeds.push(t.id.to_string());
                }
            }
        }
        // `x += e` (and `-=`, `*=`, `//=`, `%=`): `e` is an integer when `x` is.
        if let Stmt::AugAssign(a) = s {
            let arith = matches!(
                a.op,
                Operator::Add | Operator::Sub | Operator::Mult | Operator::FloorDiv | Operator::Mod
            );
            if let (true, Expr::Name(t)) = (arith, &*a.target) {
                self.assigns.push((t.id.to_string(), (*a.value).clone()));
            }
        }
        walk_stmt(self, s);
    }

    fn visit_expr(&mut self, e: &'a Expr) {
        match e {
            // A shift's operands are integers (Triton rejects shifts of floats).
            Expr::BinOp(b)
                if matches!(
                    b.op,
                    Operator::FloorDiv | Operator::LShift | Operator::RShift
                ) =>
            {
                arith_names(&b.left, &mut self.seeds);
                arith_names(&b.right, &mut self.seeds);
            }
            Expr::BinOp(b) if matches!(b.op, Operator::Mod) => {
                let mut names = Vec::new();
                arith_names(&b.left, &mut names);
                arith_names(&b.right, &mut names);
                self.link(&names);
            }
            Expr::Compare(c) => {
                // A comparison's sides are integers when one side is an integer by its
                // own use.
                let mut names = Vec::new();
                arith_names(&c.left, &mut names);
                c.comparators
                    .iter()
                    .for_each(|x| arith_names(x, &mut names));
                self.link(&names);
            }
            _ => {}
        }
        walk_expr(self, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(src: &str) -> Vec<Stmt> {
        ruff_python_parser::parse_module(src)
            .expect("parses")
            .into_syntax()
            .body
            .to_vec()
    }

    #[test]
    fn a_flag_in_a_condition_takes_both_truth_values() {
        let b = body("if HAS_BIAS:\n    y = y + tl.load(b)\ntl.store(o, y)\n");
        assert_eq!(
            role(&b, "HAS_BIAS", &[], false, &[]),
            Role::Flag(vec![HostArg::Bool(false), HostArg::Bool(true)], true)
        );
    }

    #[test]
    fn a_mode_compared_with_literals_takes_each_literal() {
        let b = body("if reduction == 0:\n    a = 1\nelif reduction == 2:\n    a = 2\n");
        assert_eq!(
            role(&b, "reduction", &[], false, &[]),
            Role::Flag(
                vec![
                    HostArg::Int(HExpr::Lit(0)),
                    HostArg::Int(HExpr::Lit(2)),
                    HostArg::Int(HExpr::Lit(3))
                ],
                true
            )
        );
    }

    #[test]
    fn a_factor_of_values_is_real_and_an_index_factor_an_integer() {
        let b = body("y = x * scale\nrow = pid // H\nh = pid - row * H\n");
        let m = body("pid = tl.program_id(0)\nc = pid % C\ny = x % period\n");
        assert_eq!(role(&m, "C", &[], false, &[]), Role::Int);
        assert_eq!(role(&m, "period", &[], false, &[]), Role::Real);
        assert_eq!(role(&b, "scale", &[], false, &[]), Role::Real);
        assert_eq!(role(&b, "H", &[], false, &[]), Role::Int);
        let c = body("off = b * seq_len + s\nmask = off < n\n");
        assert_eq!(role(&c, "seq_len", &["n".into()], false, &[]), Role::Int);
    }

    #[test]
    fn a_shift_amount_and_its_step_are_integers() {
        let b = body(
            "bit_offset = 0\nfor p in range(passes):\n    d = (k >> bit_offset) & mask\n    bit_offset += bits_per_pass\n",
        );
        let ints = int_closure(&b, &[]);
        assert!(ints.contains(&"bits_per_pass".to_string()), "{ints:?}");
        let r = body("acc = 0.0\nfor i in range(n):\n    acc += scale\n");
        assert!(!int_closure(&r, &[]).contains(&"scale".to_string()));
    }

    #[test]
    fn an_element_type_takes_each_compared_type_and_one_float() {
        let b = body("y = x.to(OUT_T)\n");
        assert_eq!(
            role(&b, "OUT_T", &[], false, &[]),
            Role::Flag(vec![HostArg::Dtype("float32".into())], false)
        );
        let c = body("if X_dtype == tl.float32:\n    y = x\ny = y.to(X_dtype)\n");
        assert_eq!(
            role(&c, "X_dtype", &[], false, &[]),
            Role::Flag(
                vec![
                    HostArg::Dtype("float32".into()),
                    HostArg::Dtype("float16".into())
                ],
                false
            )
        );
        let d = body("y = x.to(OUT_T)\nz = x + OUT_T\n");
        assert!(matches!(
            role(&d, "OUT_T", &[], false, &[]),
            Role::Unread(_)
        ));
    }
}
