//! Whole outputs read as named operators (the JSON field `named`, for reading, not a
//! formula): `y[...] = softmax(x, dim=1)`, `log_softmax`, `rms_norm(x, w, eps, dim=1)`,
//! `layer_norm(x, w, b, eps, dim=1)` with its `mean` and `rstd` outputs, and attention,
//! `o[...] = softmax(scale * q @ k^T, dim=-1) @ v`.
//!
//! A recogniser reads a simplified definition ([`crate::simplify`]) up to the order of sums
//! and products. A mean is `sum(k, x[.., k]) / N` only when `N` is the launcher's size of the
//! axis `k` ranges over (read from the [`Signature`]), so a sum divided by some other size is
//! never called a mean.

use crate::emit::Signature;
use crate::formula::{Def, Expr, Formula};

/// The named forms of the outputs of a formula, one line per output recognised.
pub(crate) fn forms(f: &Formula, sig: Option<&Signature>) -> Vec<String> {
    f.defs.iter().filter_map(|d| form(d, sig)).collect()
}

fn form(d: &Def, sig: Option<&Signature>) -> Option<String> {
    let c = Ctx { d, sig };
    let out = &d.output;
    let rank = d.indices.len();
    let named = |what: String| Some(format!("{out}[...] = {what}"));
    // Along the last axis of the output: `x[rows.., j]`.
    if let Some(w) = c.softmax(&d.body) {
        return named(w);
    }
    if let Some(w) = c.log_softmax(&d.body) {
        return named(w);
    }
    if let Some(w) = c.rms_norm(&d.body) {
        return named(w);
    }
    if let Some(w) = c.layer_norm(&d.body) {
        return named(w);
    }
    if let Some(w) = c.attention(&d.body) {
        return named(w);
    }
    // A reduced output: its indices are the rows, the axis is the next one.
    let rows = &d.indices[..];
    if let Some(x) = c.mean(&d.body, rows) {
        return named(format!("mean({x}, dim={rank})"));
    }
    let a = c.inv_sqrt(&d.body)?;
    let (x, eps) = c.plus_eps(a, |e| c.var(e, rows))?;
    named(format!("1 / sqrt(var({x}, dim={rank}) + {eps})"))
}

struct Ctx<'a> {
    d: &'a Def,
    sig: Option<&'a Signature>,
}

/// The factors of a product and the divisors of its quotients: `a * b / c` is `[a, b]`, `[c]`.
fn factors(e: &Expr) -> (Vec<&Expr>, Vec<&Expr>) {
    match e {
        Expr::Bin('*', a, b) => {
            let (mut n, mut d) = factors(a);
            let (n2, d2) = factors(b);
            n.extend(n2);
            d.extend(d2);
            (n, d)
        }
        Expr::Bin('/', a, b) => {
            let (n, mut d) = factors(a);
            d.push(b);
            (n, d)
        }
        e => (vec![e], vec![]),
    }
}

/// The terms of a sum with their signs (true: added).
fn terms(e: &Expr) -> Vec<(bool, &Expr)> {
    match e {
        Expr::Bin('+', a, b) => {
            let mut t = terms(a);
            t.extend(terms(b));
            t
        }
        Expr::Bin('-', a, b) => {
            let mut t = terms(a);
            t.extend(terms(b).into_iter().map(|(s, x)| (!s, x)));
            t
        }
        Expr::Neg(a) => terms(a).into_iter().map(|(s, x)| (!s, x)).collect(),
        e => vec![(true, e)],
    }
}

/// `sum(k, body)` with a bare variable: `k` and the body.
fn sum_of(e: &Expr) -> Option<(&str, &Expr)> {
    match e {
        Expr::Call(f, a) if f == "sum" && a.len() == 2 => match &a[0] {
            Expr::Var(k) => Some((k, &a[1])),
            _ => None,
        },
        _ => None,
    }
}

fn call1<'e>(e: &'e Expr, f: &str) -> Option<&'e Expr> {
    match e {
        Expr::Call(g, a) if g == f && a.len() == 1 => Some(&a[0]),
        _ => None,
    }
}

/// Whether `e` mentions the name `v`.
fn mentions(e: &Expr, v: &str) -> bool {
    match e {
        Expr::Var(x) => x == v,
        Expr::Num(..) => false,
        Expr::Read(_, ix) => ix.iter().any(|i| mentions(i, v)),
        Expr::Neg(a) => mentions(a, v),
        Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => {
            mentions(a, v) || mentions(b, v)
        }
        Expr::Call(_, a) => a.iter().any(|x| mentions(x, v)),
    }
}

/// Renames every occurrence of the name `from`.
fn rename(e: &Expr, from: &str, to: &str) -> Expr {
    let go = |x: &Expr| Box::new(rename(x, from, to));
    match e {
        Expr::Var(x) if x == from => Expr::Var(to.into()),
        Expr::Var(_) | Expr::Num(..) => e.clone(),
        Expr::Read(t, ix) => {
            Expr::Read(t.clone(), ix.iter().map(|i| rename(i, from, to)).collect())
        }
        Expr::Neg(a) => Expr::Neg(go(a)),
        Expr::Bin(op, a, b) => Expr::Bin(*op, go(a), go(b)),
        Expr::Cmp(op, a, b) => Expr::Cmp(op, go(a), go(b)),
        Expr::Logic(and, a, b) => Expr::Logic(*and, go(a), go(b)),
        Expr::Call(f, a) => Expr::Call(f.clone(), a.iter().map(|x| rename(x, from, to)).collect()),
    }
}

impl Ctx<'_> {
    fn idx(&self, names: &[String], last: &[&str]) -> Vec<Expr> {
        names
            .iter()
            .map(|n| Expr::Var(n.clone()))
            .chain(last.iter().map(|n| Expr::Var(n.to_string())))
            .collect()
    }

    /// `x[rows.., v]`: the tensor read.
    fn row<'e>(&self, e: &'e Expr, rows: &[String], v: &str) -> Option<&'e str> {
        match e {
            Expr::Read(t, ix) if *ix == self.idx(rows, &[v]) => Some(t),
            _ => None,
        }
    }

    /// The output's rows (all indices but the last) and its last index.
    fn axis(&self) -> Option<(&[String], &str)> {
        let (j, rows) = self.d.indices.split_last()?;
        Some((rows, j))
    }

    /// `n` is the launcher's size of dimension `dim` of `x`.
    fn size_is(&self, x: &str, dim: usize, n: &Expr) -> bool {
        let Expr::Var(n) = n else { return false };
        self.sig
            .and_then(|s| s.inputs.iter().find(|(t, _)| t == x))
            .and_then(|(_, shape)| shape.get(dim))
            .is_some_and(|s| s == n)
    }

    /// `sum(k, body) / N` with `N` the size of the axis `k` runs over: `(x, k, body)`.
    fn mean_like<'e>(&self, e: &'e Expr, rows: &[String]) -> Option<(&'e str, &'e Expr)> {
        let Expr::Bin('/', s, n) = e else { return None };
        let (k, body) = sum_of(s)?;
        let x = self.find_row(body, rows, k)?;
        self.size_is(x, rows.len(), n).then_some((k, body))
    }

    /// The tensor whose row `body` reads at `k`.
    fn find_row<'e>(&self, body: &'e Expr, rows: &[String], k: &str) -> Option<&'e str> {
        if let Some(x) = self.row(body, rows, k) {
            return Some(x);
        }
        match body {
            Expr::Read(..) | Expr::Var(_) | Expr::Num(..) => None,
            Expr::Neg(a) => self.find_row(a, rows, k),
            Expr::Bin(_, a, b) | Expr::Cmp(_, a, b) | Expr::Logic(_, a, b) => self
                .find_row(a, rows, k)
                .or_else(|| self.find_row(b, rows, k)),
            Expr::Call(_, args) => args.iter().find_map(|a| self.find_row(a, rows, k)),
        }
    }

    /// `sum(k, x[rows.., k]) / N`: the mean of `x`'s rows.
    fn mean<'e>(&self, e: &'e Expr, rows: &[String]) -> Option<&'e str> {
        let (k, body) = self.mean_like(e, rows)?;
        self.row(body, rows, k)
    }

    /// `sum(k, x[.., k] * x[.., k]) / N`.
    fn mean_square<'e>(&self, e: &'e Expr, rows: &[String]) -> Option<&'e str> {
        let (k, body) = self.mean_like(e, rows)?;
        let (n, d) = factors(body);
        let x = self.row(n.first()?, rows, k)?;
        (d.is_empty() && n.len() == 2 && n[0] == n[1]).then_some(x)
    }

    /// `x[rows.., v] - mean(x)`: the tensor.
    fn centred<'e>(&self, e: &'e Expr, rows: &[String], v: &str) -> Option<&'e str> {
        let t = terms(e);
        let ([(true, a), (false, m)] | [(false, m), (true, a)]) = t.as_slice() else {
            return None;
        };
        let x = self.row(a, rows, v)?;
        (self.mean(m, rows)? == x).then_some(x)
    }

    /// `sum(k, (x[.., k] - mean) * (x[.., k] - mean)) / N`: the variance of `x`'s rows.
    fn var<'e>(&self, e: &'e Expr, rows: &[String]) -> Option<&'e str> {
        let Expr::Bin('/', s, n) = e else { return None };
        let (k, body) = sum_of(s)?;
        let (f, d) = factors(body);
        if !(d.is_empty() && f.len() == 2 && f[0] == f[1]) {
            return None;
        }
        let x = self.centred(f[0], rows, k)?;
        self.size_is(x, rows.len(), n).then_some(x)
    }

    /// `A + eps` (either order) with `inner(A)`; `eps` a parameter or a number.
    fn plus_eps<'e>(
        &self,
        e: &'e Expr,
        inner: impl Fn(&'e Expr) -> Option<&'e str>,
    ) -> Option<(String, String)> {
        let t = terms(e);
        let [(true, a), (true, b)] = t.as_slice() else {
            return None;
        };
        let constant = |e: &Expr| matches!(e, Expr::Var(_) | Expr::Num(..));
        for (a, b) in [(a, b), (b, a)] {
            if constant(b) {
                if let Some(x) = inner(a) {
                    return Some((x.to_string(), b.to_string()));
                }
            }
        }
        None
    }

    /// `rsqrt(a)` or `1 / sqrt(a)`: `a`.
    fn inv_sqrt<'e>(&self, e: &'e Expr) -> Option<&'e Expr> {
        if let Some(a) = call1(e, "rsqrt") {
            return Some(a);
        }
        match e {
            Expr::Bin('/', one, s) if **one == Expr::Num(1, 1) => call1(s, "sqrt"),
            _ => None,
        }
    }

    /// Among a product's factors and divisors, the one normaliser `1 / sqrt(a)` (a factor
    /// `rsqrt(a)` or `1 / sqrt(a)`, or a divisor `sqrt(a)`) with `ok(a)`; the other factors.
    fn take_norm<'e>(
        &self,
        n: &[&'e Expr],
        d: &[&'e Expr],
        ok: impl Fn(&'e Expr) -> Option<(String, String)>,
    ) -> Option<((String, String), Vec<&'e Expr>)> {
        match d {
            [] => {
                for (p, f) in n.iter().enumerate() {
                    if let Some(r) = self.inv_sqrt(f).and_then(&ok) {
                        let mut rest = n.to_vec();
                        rest.remove(p);
                        return Some((r, rest));
                    }
                }
                None
            }
            [s] => Some((ok(call1(s, "sqrt")?)?, n.to_vec())),
            _ => None,
        }
    }

    /// `x[rows.., j] * w[j] * rsqrt(sum(k, x[.., k] * x[.., k]) / N + eps)`, any order.
    fn rms_norm(&self, body: &Expr) -> Option<String> {
        let (rows, j) = self.axis()?;
        let (n, d) = factors(body);
        let ((x, eps), rest) =
            self.take_norm(&n, &d, |a| self.plus_eps(a, |m| self.mean_square(m, rows)))?;
        let (w, rest) = self.weight(rest, j);
        let [r] = rest.as_slice() else { return None };
        (self.row(r, rows, j)? == x).then(|| {
            let w = w.map(|w| format!("{w}, ")).unwrap_or_default();
            format!("rms_norm({x}, {w}{eps}, dim={})", rows.len())
        })
    }

    /// A factor `w[j]` among `fs`: its name and the other factors.
    fn weight<'e>(&self, fs: Vec<&'e Expr>, j: &str) -> (Option<&'e str>, Vec<&'e Expr>) {
        let one = vec![Expr::Var(j.to_string())];
        match fs
            .iter()
            .position(|f| matches!(f, Expr::Read(_, ix) if *ix == one))
        {
            Some(p) => {
                let mut rest = fs;
                let Expr::Read(w, _) = rest.remove(p) else {
                    unreachable!("matched above")
                };
                (Some(w), rest)
            }
            None => (None, fs),
        }
    }

    /// `(x[.., j] - mean) * rsqrt(var + eps) * w[j] + b[j]`, any order.
    fn layer_norm(&self, body: &Expr) -> Option<String> {
        let (rows, j) = self.axis()?;
        let t = terms(body);
        let one = vec![Expr::Var(j.to_string())];
        let (b, prod) = match t.as_slice() {
            [(true, p)] => (None, *p),
            [(true, a), (true, p)] | [(true, p), (true, a)] if matches!(a, Expr::Read(_, ix) if *ix == one) =>
            {
                let Expr::Read(b, _) = a else {
                    unreachable!("matched above")
                };
                (Some(b.as_str()), *p)
            }
            _ => return None,
        };
        let (n, d) = factors(prod);
        let ((x, eps), rest) =
            self.take_norm(&n, &d, |a| self.plus_eps(a, |v| self.var(v, rows)))?;
        let (w, rest) = self.weight(rest, j);
        let [c] = rest.as_slice() else { return None };
        (self.centred(c, rows, j)? == x).then(|| {
            let w = w.unwrap_or("None");
            let b = b.unwrap_or("None");
            format!("layer_norm({x}, {w}, {b}, {eps}, dim={})", rows.len())
        })
    }

    /// `scale * x[rows.., v]` (the scale free of `v`, maybe absent): `(x, scale)`.
    fn scaled_row(&self, e: &Expr, rows: &[String], v: &str) -> Option<(String, Vec<Expr>)> {
        let (n, d) = factors(e);
        let p = n.iter().position(|f| self.row(f, rows, v).is_some())?;
        let x = self.row(n[p], rows, v)?.to_string();
        let mut scale: Vec<Expr> = n.iter().map(|f| (*f).clone()).collect();
        scale.remove(p);
        if !d.is_empty() {
            return None;
        }
        (!scale.iter().any(|s| mentions(s, v))).then_some((x, scale))
    }

    fn scaled(scale: &[Expr], what: &str) -> String {
        if scale.is_empty() {
            what.to_string()
        } else {
            let s: Vec<String> = scale.iter().map(|f| f.to_string()).collect();
            format!("{} * {what}", s.join(" * "))
        }
    }

    /// `exp(s * x[.., j]) / sum(k, exp(s * x[.., k]))`.
    fn softmax(&self, body: &Expr) -> Option<String> {
        let (rows, j) = self.axis()?;
        let Expr::Bin('/', a, b) = body else {
            return None;
        };
        let (x, s) = self.scaled_row(call1(a, "exp")?, rows, j)?;
        let (k, e) = sum_of(b)?;
        let (x2, s2) = self.scaled_row(call1(e, "exp")?, rows, k)?;
        (x == x2 && s == s2)
            .then(|| format!("softmax({}, dim={})", Self::scaled(&s, &x), rows.len()))
    }

    /// `x[.., j] - log(sum(k, exp(x[.., k])))`.
    fn log_softmax(&self, body: &Expr) -> Option<String> {
        let (rows, j) = self.axis()?;
        let t = terms(body);
        let [(true, a), (false, l)] = t.as_slice() else {
            return None;
        };
        let x = self.row(a, rows, j)?;
        let (k, e) = sum_of(call1(l, "log")?)?;
        (self.row(call1(e, "exp")?, rows, k)? == x)
            .then(|| format!("log_softmax({x}, dim={})", rows.len()))
    }

    /// `sum(n, exp(S(n)) * v[.., n, j]) / sum(n, exp(S(n)))` with `S(n) = scale * sum(d,
    /// q[.., i, d] * k[.., n, d])`: attention, `softmax(scale * q @ k^T, dim=-1) @ v`.
    fn attention(&self, body: &Expr) -> Option<String> {
        let (outer, j) = self.axis()?;
        let (i, batch) = outer.split_last()?;
        let Expr::Bin('/', num, den) = body else {
            return None;
        };
        let (n1, top) = sum_of(num)?;
        let (n2, bottom) = sum_of(den)?;
        let n = "_n";
        let (top, bottom) = (rename(top, n1, n), rename(bottom, n2, n));
        // the numerator's body: the denominator's times `v[.., n, j]`
        let (f, d) = factors(&top);
        if !d.is_empty() || f.len() != 2 {
            return None;
        }
        let want_v = self.idx(batch, &[n, j]);
        let pv = f
            .iter()
            .position(|x| matches!(x, Expr::Read(_, ix) if *ix == want_v))?;
        let Expr::Read(v, _) = f[pv] else {
            return None;
        };
        if *f[1 - pv] != bottom {
            return None;
        }
        let s = call1(&bottom, "exp")?;
        let (sf, sd) = factors(s);
        if !sd.is_empty() {
            return None;
        }
        let p = sf.iter().position(|x| sum_of(x).is_some())?;
        let (dv, qk) = sum_of(sf[p])?;
        let scale: Vec<Expr> = sf
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != p)
            .map(|(_, x)| (*x).clone())
            .collect();
        if scale.iter().any(|x| mentions(x, n)) {
            return None;
        }
        let (g, gd) = factors(qk);
        if !gd.is_empty() || g.len() != 2 {
            return None;
        }
        let want_q = self.idx(batch, &[i, dv]);
        let want_k = self.idx(batch, &[n, dv]);
        let read = |e: &Expr, want: &[Expr]| match e {
            Expr::Read(t, ix) if ix == want => Some(t.clone()),
            _ => None,
        };
        let (q, k) = match (read(g[0], &want_q), read(g[1], &want_k)) {
            (Some(q), Some(k)) => (q, k),
            _ => (read(g[1], &want_q)?, read(g[0], &want_k)?),
        };
        Some(format!(
            "softmax({} @ {k}^T, dim=-1) @ {v}",
            Self::scaled(&scale, &q)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sig(inputs: &[(&str, &[&str])]) -> Signature {
        Signature {
            inputs: inputs
                .iter()
                .map(|(t, s)| (t.to_string(), s.iter().map(|x| x.to_string()).collect()))
                .collect(),
            ..Default::default()
        }
    }

    fn named(text: &str, s: &Signature) -> Vec<String> {
        forms(&Formula::parse(text).unwrap(), Some(s))
    }

    #[test]
    fn recognised() {
        let rows = sig(&[("x", &["M", "N"]), ("w", &["N"]), ("b", &["N"])]);
        for (f, want) in [
            (
                "y[i, j] = exp(x[i, j]) / sum(k, exp(x[i, k]))",
                "y[...] = softmax(x, dim=1)",
            ),
            (
                "y[i, j] = exp(0.5 * x[i, j]) / sum(k, exp(0.5 * x[i, k]))",
                "y[...] = softmax(0.5 * x, dim=1)",
            ),
            (
                "y[i, j] = x[i, j] - log(sum(k, exp(x[i, k])))",
                "y[...] = log_softmax(x, dim=1)",
            ),
            (
                "y[i, j] = x[i, j] * rsqrt(sum(k, x[i, k] * x[i, k]) / N + eps) * w[j]",
                "y[...] = rms_norm(x, w, eps, dim=1)",
            ),
            (
                "y[i, j] = rsqrt(eps + sum(k, x[i, k] * x[i, k]) / N) * (x[i, j] * w[j])",
                "y[...] = rms_norm(x, w, eps, dim=1)",
            ),
            (
                "y[i, j] = x[i, j] / sqrt(sum(k, x[i, k] * x[i, k]) / N + 0.000001)",
                "y[...] = rms_norm(x, 0.000001, dim=1)",
            ),
            (
                "y[i, j] = (x[i, j] - sum(k, x[i, k]) / N) * rsqrt(sum(k, (x[i, k] - sum(k2, \
                 x[i, k2]) / N) * (x[i, k] - sum(k2, x[i, k2]) / N)) / N + eps) * w[j] + b[j]",
                "y[...] = layer_norm(x, w, b, eps, dim=1)",
            ),
            (
                "y[i, j] = b[j] + w[j] * (-(sum(k, x[i, k]) / N) + x[i, j]) / sqrt(eps + \
                 sum(k, (x[i, k] - sum(k2, x[i, k2]) / N) * (x[i, k] - sum(k2, x[i, k2]) / \
                 N)) / N)",
                "y[...] = layer_norm(x, w, b, eps, dim=1)",
            ),
            (
                "mean[i] = sum(k, x[i, k]) / N",
                "mean[...] = mean(x, dim=1)",
            ),
            (
                "rstd[i] = 1 / sqrt(eps + sum(k, (x[i, k] - sum(k2, x[i, k2]) / N) * (x[i, k] \
                 - sum(k2, x[i, k2]) / N)) / N)",
                "rstd[...] = 1 / sqrt(var(x, dim=1) + eps)",
            ),
        ] {
            assert_eq!(named(f, &rows), vec![want.to_string()], "{f}");
        }
        // a sum divided by a size that is not the row length is no mean
        assert!(named("m[i] = sum(k, x[i, k]) / M", &rows).is_empty());
        assert!(named(
            "y[i, j] = x[i, j] * rsqrt(sum(k, x[i, k] * x[i, k]) / M + eps)",
            &rows
        )
        .is_empty());
        // no signature, no sizes: nothing that needs one
        let f = Formula::parse("m[i] = sum(k, x[i, k]) / N").unwrap();
        assert!(forms(&f, None).is_empty());
        // a softmax over the wrong axis is not one
        assert!(named("y[i, j] = exp(x[i, j]) / sum(k, exp(x[k, j]))", &rows).is_empty());
    }

    #[test]
    fn attention() {
        let s = sig(&[("q", &["M", "D"]), ("k", &["N", "D"]), ("v", &["N", "D"])]);
        for f in [
            "o[i, j] = sum(n, exp(sm_scale * sum(d, q[i, d] * k[n, d])) * v[n, j]) / sum(n, \
             exp(sm_scale * sum(d, q[i, d] * k[n, d])))",
            "o[i, j] = sum(k2, v[k2, j] * exp(sum(k3, k[k2, k3] * q[i, k3]) * sm_scale)) / \
             sum(k4, exp(sum(k3, k[k4, k3] * q[i, k3]) * sm_scale))",
        ] {
            assert_eq!(
                named(f, &s),
                vec!["o[...] = softmax(sm_scale * q @ k^T, dim=-1) @ v".to_string()],
                "{f}"
            );
        }
        // batched: `q[b, h, i, d]`
        let f = "o[b, h, i, j] = sum(n, exp(sum(d, q[b, h, i, d] * k[b, h, n, d])) * v[b, h, n, \
                 j]) / sum(n, exp(sum(d, q[b, h, i, d] * k[b, h, n, d])))";
        assert_eq!(
            named(f, &s),
            vec!["o[...] = softmax(q @ k^T, dim=-1) @ v".to_string()]
        );
        // the value tensor read at the query's row is not attention
        let f = "o[i, j] = sum(n, exp(sum(d, q[i, d] * k[n, d])) * v[i, j]) / sum(n, exp(sum(d, \
                 q[i, d] * k[n, d])))";
        assert!(named(f, &s).is_empty());
    }
}
