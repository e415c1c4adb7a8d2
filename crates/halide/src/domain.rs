//! Where the algorithm defines its output, when a Func is `undef()` outside the points its
//! updates write (iir_blur's `blur(x, y, c) = undef()`, then updates at row 0 and the RDom's
//! rows): a box over the output's dimensions whose bounds are affine in the buffer fields,
//! read from the algorithm's text. The claim is then stated for the outputs inside that box
//! (a precondition on the output's `min` and `extent`, named in the verdict): both the
//! symbolic executor ([`crate::check`]) and the concrete interpreter ([`crate::run`]) take it.
//!
//! Per Func and dimension, a conjunction of intervals `[min(L), max(H)]` (each bound the
//! least or greatest of a few affine forms): for an `undef()` Func, the hull of its updates'
//! left sides (a pure variable in its place: every point); for every Func, each call of a
//! Func with a bounded dimension constrains the caller's pure variable that indexes it
//! (`transpose(x, y, c) = blur(y, x, c)` is defined where `y` is in `blur`'s rows). The box
//! is an under-approximation where the text is not that simple (a select's branches both
//! counted), and `None` (no restriction: the claim is for every output) as soon as an index
//! that meets a bounded dimension is not affine in one pure variable and the fields. The
//! checks themselves still prove every read defined: a box too large cannot verify a wrong
//! claim, it only leaves it unproved.

use crate::spec::{Func, Spec};
use crate::syntax::{BinOp, Expr, ExprKind};
use std::collections::BTreeMap;

/// `c + Σ k·name`, over buffer fields, RDom variables and pure variables.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Affine {
    pub terms: BTreeMap<String, i128>,
    pub c: i128,
}

impl Affine {
    fn konst(c: i128) -> Affine {
        Affine {
            terms: BTreeMap::new(),
            c,
        }
    }

    fn var(name: &str) -> Affine {
        Affine {
            terms: BTreeMap::from([(name.to_string(), 1)]),
            c: 0,
        }
    }

    fn scaled(&self, k: i128) -> Affine {
        Affine {
            terms: self
                .terms
                .iter()
                .filter(|_| k != 0)
                .map(|(n, v)| (n.clone(), v * k))
                .collect(),
            c: self.c * k,
        }
    }

    fn plus(&self, o: &Affine) -> Affine {
        let mut r = self.clone();
        for (n, v) in &o.terms {
            *r.terms.entry(n.clone()).or_insert(0) += v;
        }
        r.terms.retain(|_, v| *v != 0);
        r.c += o.c;
        r
    }

    /// The coefficient of `name` and the form without it.
    fn split(&self, name: &str) -> (i128, Affine) {
        let mut rest = self.clone();
        let k = rest.terms.remove(name).unwrap_or(0);
        (k, rest)
    }

    /// Its value at the fields' values, `None` when a name is not among them.
    pub fn at(&self, fields: &BTreeMap<String, i128>) -> Option<i128> {
        let mut v = self.c;
        for (n, k) in &self.terms {
            v = v.checked_add(k.checked_mul(*fields.get(n)?)?)?;
        }
        Some(v)
    }
}

impl std::fmt::Display for Affine {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let mut text = String::new();
        for (n, k) in &self.terms {
            let mag = if k.abs() == 1 {
                String::new()
            } else {
                format!("{}*", k.abs())
            };
            match (text.is_empty(), *k < 0) {
                (true, false) => text.push_str(&format!("{mag}{n}")),
                (true, true) => text.push_str(&format!("-{mag}{n}")),
                (false, neg) => {
                    text.push_str(&format!(" {} {mag}{n}", if neg { "-" } else { "+" }))
                }
            }
        }
        match (text.is_empty(), self.c) {
            (true, c) => text = c.to_string(),
            (false, 0) => {}
            (false, c) => text.push_str(&format!(" {} {}", if c < 0 { "-" } else { "+" }, c.abs())),
        }
        f.write_str(&text)
    }
}

/// `[min(lo), max(hi)]`, inclusive.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Interval {
    pub lo: Vec<Affine>,
    pub hi: Vec<Affine>,
}

impl Interval {
    /// The hull of two intervals (a form dominated by another at a constant distance is
    /// dropped).
    fn hull(&self, o: &Interval) -> Interval {
        Interval {
            lo: prune(self.lo.iter().chain(&o.lo).cloned().collect(), true),
            hi: prune(self.hi.iter().chain(&o.hi).cloned().collect(), false),
        }
    }

    fn show(&self) -> String {
        let side = |v: &[Affine], f: &str| {
            let parts: Vec<String> = v.iter().map(|a| a.to_string()).collect();
            if parts.len() == 1 {
                parts[0].clone()
            } else {
                format!("{f}({})", parts.join(", "))
            }
        };
        format!("[{}, {}]", side(&self.lo, "min"), side(&self.hi, "max"))
    }
}

/// Keeps the least (`least`) or greatest forms: of two forms with the same terms, one.
fn prune(mut v: Vec<Affine>, least: bool) -> Vec<Affine> {
    v.sort();
    let mut out: Vec<Affine> = Vec::new();
    for a in v {
        match out.iter_mut().find(|b| b.terms == a.terms) {
            Some(b) if (a.c < b.c) == least => *b = a,
            Some(_) => {}
            None => out.push(a),
        }
    }
    out
}

/// Where a Func is defined, per dimension: every interval holds (none: every point).
type Def = Vec<Vec<Interval>>;

/// The restriction of the claim to the output box where the algorithm is defined.
#[derive(Clone, Debug)]
pub(crate) struct Restriction {
    /// Per output dimension, the intervals its points must lie in.
    pub dims: Vec<Vec<Interval>>,
    pub output: String,
    /// The `undef()` Funcs it comes from.
    pub undefs: Vec<String>,
}

impl Restriction {
    /// The precondition as terms (`field` gives a buffer field's term): per output
    /// dimension, an empty extent or its points inside every interval.
    pub fn terms(
        &self,
        store: &mut smt::Store,
        field: &mut dyn FnMut(&mut smt::Store, &str) -> smt::TermId,
    ) -> Vec<smt::TermId> {
        let mut out = Vec::new();
        for (k, ivs) in self.dims.iter().enumerate() {
            let min = field(store, &format!("{}.min.{k}", self.output));
            let ext = field(store, &format!("{}.extent.{k}", self.output));
            let zero = store.int(0);
            let empty = store.le(ext, zero);
            let one = store.int(1);
            let sum = store.add(vec![min, ext]);
            let max = store.sub(sum, one);
            for iv in ivs {
                let mut form = |store: &mut smt::Store, a: &Affine| {
                    let mut parts = vec![store.int(a.c)];
                    for (n, c) in &a.terms {
                        let t = field(store, n);
                        let c = store.int(*c);
                        parts.push(store.mul(vec![c, t]));
                    }
                    store.add(parts)
                };
                let lo: Vec<_> = iv.lo.iter().map(|a| form(store, a)).collect();
                let hi: Vec<_> = iv.hi.iter().map(|a| form(store, a)).collect();
                let above: Vec<_> = lo.into_iter().map(|l| store.le(l, min)).collect();
                let below: Vec<_> = hi.into_iter().map(|h| store.le(max, h)).collect();
                let (above, below) = (store.or(above), store.or(below));
                let inside = store.and(vec![above, below]);
                out.push(store.or(vec![empty, inside]));
            }
        }
        out
    }

    /// Whether the output box of `fields` lies inside (`None`: a field is missing).
    pub fn holds(&self, fields: &BTreeMap<String, i128>) -> Option<bool> {
        for (k, ivs) in self.dims.iter().enumerate() {
            let min = *fields.get(&format!("{}.min.{k}", self.output))?;
            let ext = *fields.get(&format!("{}.extent.{k}", self.output))?;
            if ext <= 0 {
                continue;
            }
            for iv in ivs {
                let lo = iv
                    .lo
                    .iter()
                    .map(|a| a.at(fields))
                    .collect::<Option<Vec<_>>>()?;
                let hi = iv
                    .hi
                    .iter()
                    .map(|a| a.at(fields))
                    .collect::<Option<Vec<_>>>()?;
                if min < lo.into_iter().min()? || min + ext - 1 > hi.into_iter().max()? {
                    return Some(false);
                }
            }
        }
        Some(true)
    }

    /// The assumption the verdict names.
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        for (k, ivs) in self.dims.iter().enumerate() {
            for iv in ivs {
                parts.push(format!("dimension {k} in {}", iv.show()));
            }
        }
        format!(
            "the claim is restricted to the output points where the algorithm defines `{}`: {} (from `undef()` in the definition of {}, outside the points its updates write; an empty output counts as inside)",
            self.output,
            parts.join(", "),
            self.undefs
                .iter()
                .map(|f| format!("`{f}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// The restriction, when some Func is `undef()` and the text gives its box; `None` when no
/// Func is (or the box cannot be read: the claim stays for every output, as before).
pub(crate) fn restriction(spec: &Spec) -> Option<Restriction> {
    let undefs: Vec<String> = spec
        .funcs
        .iter()
        .filter(|f| is_undef(&f.value))
        .map(|f| f.name.clone())
        .collect();
    if undefs.is_empty() {
        return None;
    }
    let mut defs: BTreeMap<String, Def> = BTreeMap::new();
    // Callees before callers: a few rounds over the Funcs in the file's order.
    for _ in 0..=spec.funcs.len() {
        let mut changed = false;
        for f in &spec.funcs {
            let d = func_def(spec, f, &defs)?;
            if defs.get(&f.name) != Some(&d) {
                defs.insert(f.name.clone(), d);
                changed = true;
            }
        }
        if !changed {
            let dims = defs.remove(&spec.output)?;
            if dims.iter().all(|v| v.is_empty()) {
                return None;
            }
            return Some(Restriction {
                dims,
                output: spec.output.clone(),
                undefs,
            });
        }
    }
    None
}

fn is_undef(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Cast(_, x) => is_undef(x),
        ExprKind::Call(n, a) => n == "undef" && a.is_empty(),
        _ => false,
    }
}

/// Where `f` is defined, given its callees' (a callee not yet in `defs`: every point).
fn func_def(spec: &Spec, f: &Func, defs: &BTreeMap<String, Def>) -> Option<Def> {
    let mut def: Def = vec![vec![]; f.vars.len()];
    if is_undef(&f.value) {
        let mut hull: Vec<Option<Interval>> = vec![None; f.vars.len()];
        let mut every = vec![false; f.vars.len()];
        for u in &f.updates {
            for (k, a) in u.args.iter().enumerate() {
                if matches!(&a.kind, ExprKind::Var(v) if f.vars.get(k) == Some(v)) {
                    every[k] = true;
                    continue;
                }
                let iv = range(spec, &affine(spec, f, a)?)?;
                hull[k] = Some(match &hull[k] {
                    Some(h) => h.hull(&iv),
                    None => iv,
                });
            }
        }
        for k in 0..f.vars.len() {
            if !every[k] {
                def[k].push(hull[k].clone()?);
            }
        }
    }
    let mut bodies = vec![&f.value];
    bodies.extend(f.updates.iter().map(|u| &u.value));
    for body in bodies {
        let mut failed = false;
        crate::syntax::visit(body, &mut |e| {
            if let ExprKind::Call(g, args) = &e.kind {
                if let Some(gd) = defs.get(g.as_str()).filter(|_| g != &f.name) {
                    failed |= constrain(spec, f, args, gd, &mut def).is_none();
                }
            }
        });
        if failed {
            return None;
        }
    }
    for v in &mut def {
        let mut seen: Vec<Interval> = Vec::new();
        for iv in v.drain(..) {
            if !seen.contains(&iv) {
                seen.push(iv);
            }
        }
        *v = seen;
    }
    Some(def)
}

/// The constraints a call with `args` of a Func defined on `gd` puts on `f`'s pure
/// variables.
fn constrain(spec: &Spec, f: &Func, args: &[Expr], gd: &Def, def: &mut Def) -> Option<()> {
    for (a, ivs) in args.iter().zip(gd) {
        if ivs.is_empty() {
            continue;
        }
        let form = affine(spec, f, a)?;
        let pure: Vec<(usize, i128)> = f
            .vars
            .iter()
            .enumerate()
            .filter_map(|(k, v)| form.terms.get(v).map(|c| (k, *c)))
            .collect();
        let [(k, coef)] = pure[..] else { return None };
        let (_, rest) = form.split(&f.vars[k]);
        if !fields_only(spec, &rest) || coef.abs() != 1 {
            return None;
        }
        for iv in ivs {
            // coef*v + rest in [lo, hi]
            let shift = |v: &[Affine]| -> Vec<Affine> {
                v.iter()
                    .map(|b| b.plus(&rest.scaled(-1)).scaled(coef))
                    .collect()
            };
            let (lo, hi) = if coef == 1 {
                (shift(&iv.lo), shift(&iv.hi))
            } else {
                (shift(&iv.hi), shift(&iv.lo))
            };
            def[k].push(Interval { lo, hi });
        }
    }
    Some(())
}

fn is_field(spec: &Spec, name: &str) -> bool {
    let parts: Vec<&str> = name.rsplitn(3, '.').collect();
    parts.len() == 3
        && parts[0].parse::<usize>().is_ok()
        && ["min", "extent"].contains(&parts[1])
        && (spec.input(parts[2]).is_some() || parts[2] == spec.output)
}

fn fields_only(spec: &Spec, a: &Affine) -> bool {
    a.terms.keys().all(|n| is_field(spec, n))
}

/// An index as an affine form over fields, RDom variables and `f`'s pure variables.
fn affine(spec: &Spec, f: &Func, e: &Expr) -> Option<Affine> {
    match &e.kind {
        ExprKind::Int(i) => Some(Affine::konst(*i)),
        ExprKind::Var(v)
            if is_field(spec, v)
                || f.vars.contains(v)
                || spec.rdoms.iter().any(|r| &r.var == v) =>
        {
            Some(Affine::var(v))
        }
        ExprKind::Cast(_, x) => affine(spec, f, x),
        ExprKind::Neg(x) => Some(affine(spec, f, x)?.scaled(-1)),
        ExprKind::Bin(BinOp::Add, a, b) => Some(affine(spec, f, a)?.plus(&affine(spec, f, b)?)),
        ExprKind::Bin(BinOp::Sub, a, b) => {
            Some(affine(spec, f, a)?.plus(&affine(spec, f, b)?.scaled(-1)))
        }
        ExprKind::Bin(BinOp::Mul, a, b) => {
            let (x, y) = (affine(spec, f, a)?, affine(spec, f, b)?);
            match (x.terms.is_empty(), y.terms.is_empty()) {
                (true, _) => Some(y.scaled(x.c)),
                (_, true) => Some(x.scaled(y.c)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The interval of an affine form over its RDom variables' ranges (`[min, end)` each); the
/// result over fields only, `None` when it still names a pure variable.
fn range(spec: &Spec, a: &Affine) -> Option<Interval> {
    let mut lo = a.clone();
    let mut hi = a.clone();
    for r in &spec.rdoms {
        let (k, _) = a.split(&r.var);
        if k == 0 {
            continue;
        }
        let none = Func {
            name: String::new(),
            vars: vec![],
            ty: crate::syntax::Type::Int(32),
            value: r.min.clone(),
            updates: vec![],
            span: r.span,
            tuple: None,
        };
        let rmin = affine(spec, &none, &r.min)?;
        let rmax = affine(spec, &none, &r.end)?.plus(&Affine::konst(-1));
        let (at_lo, at_hi) = if k > 0 {
            (&rmin, &rmax)
        } else {
            (&rmax, &rmin)
        };
        lo = lo.split(&r.var).1.plus(&at_lo.scaled(k));
        hi = hi.split(&r.var).1.plus(&at_hi.scaled(k));
    }
    (fields_only(spec, &lo) && fields_only(spec, &hi)).then(|| Interval {
        lo: vec![lo],
        hi: vec![hi],
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    const ROWS: &str = "input input : int16 dims 2
rdom r$x in [1, (1 + (input.extent.1 - 1)))
rdom s$x in [1, (1 + (input.extent.1 - 1)))
func acc(x, y) : int32 = undef()
update acc(x, 0) = int32((int16)input(x, 0))
update acc(x, r$x) = (acc(x, r$x - 1) + int32((int16)input(x, r$x)))
update acc(x, ((input.extent.1 - s$x) - 1)) = acc(x, input.extent.1 - s$x)
func colsum(x, y) : int32 = (acc(y, x)*2)
output colsum : int32 dims 2
";

    #[test]
    fn an_undef_funcs_rows_bound_its_callers_transposed_dimension() {
        let spec = crate::spec::parse(ROWS).unwrap();
        let r = super::restriction(&spec).expect("a restriction");
        assert!(r.dims[1].is_empty(), "{:?}", r.dims);
        let text = r.text();
        assert!(
            text.contains("dimension 0 in [0, max(0, input.extent.1 - 1)]"),
            "{text}"
        );
        let fields = |min: i128, ext: i128, rows: i128| -> BTreeMap<String, i128> {
            [
                ("colsum.min.0", min),
                ("colsum.extent.0", ext),
                ("colsum.min.1", -7),
                ("colsum.extent.1", 3),
                ("input.min.0", 0),
                ("input.extent.0", 9),
                ("input.min.1", 0),
                ("input.extent.1", rows),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect()
        };
        assert_eq!(r.holds(&fields(0, 5, 5)), Some(true));
        assert_eq!(r.holds(&fields(1, 5, 5)), Some(false));
        assert_eq!(r.holds(&fields(-1, 2, 5)), Some(false));
        assert_eq!(r.holds(&fields(-1, 0, 5)), Some(true));
    }

    #[test]
    fn no_undef_no_restriction_and_an_unread_index_gives_none() {
        let plain = ROWS.replace("= undef()", "= 0");
        assert!(super::restriction(&crate::spec::parse(&plain).unwrap()).is_none());
        // A bounded dimension indexed by a product of pure variables: not read.
        let product = ROWS.replace("(acc(y, x)*2)", "(acc(y, x*y)*2)");
        assert!(super::restriction(&crate::spec::parse(&product).unwrap()).is_none());
    }
}
