//! Float literals and named constants, in the kernel and the formula alike.
//!
//! Triton computes a float literal in float32, so a literal only fixes a float32 value: a
//! literal with a point or an exponent denotes the **shortest decimal with the same float32
//! rounding** (`0.01` is 1/100, `0.7978845608` is 0.7978846, `1.4426950408889634` is
//! 1.442695). The rule is the same for the kernel's literals, the launcher's and the
//! formula's, so a kernel and a formula that write one float32 constant differently agree.
//!
//! The named constants of the formula language (`sqrt(2 / pi)`, `log2(e)`, `1 / sqrt(2)`,
//! `sqrt(2)`, `log(2)`, `pi`) denote their float32 roundings under the same rule: `sqrt(2 /
//! pi)` is 0.7978846, the value of the kernel's `0.7978845608`. A verdict names every
//! literal the rule moved ([`rounded_literals`]), so the assumption is visible.

/// An exact rational for a Python float literal's text (`0.01`, `1e-5`, `2.`).
pub(crate) fn float_literal(text: &str) -> Option<(i128, i128)> {
    let t = text.replace('_', "").to_ascii_lowercase();
    let (mant, exp) = match t.split_once('e') {
        Some((m, e)) => (m.to_string(), e.parse::<i32>().ok()?),
        None => (t.clone(), 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((&mant, ""));
    let digits = format!("{int}{frac}");
    let mut num: i128 = if digits.is_empty() {
        0
    } else {
        digits.parse().ok()?
    };
    let mut den: i128 = 10i128.checked_pow(frac.len() as u32)?;
    if exp >= 0 {
        num = num.checked_mul(10i128.checked_pow(exp as u32)?)?;
    } else {
        den = den.checked_mul(10i128.checked_pow((-exp) as u32)?)?;
    }
    let g = gcd(num, den);
    Some((num / g, den / g))
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// `n/d` as an exact decimal when `d` divides a power of ten (`1/100` is `0.01`).
pub(crate) fn decimal(n: i128, d: i128) -> Option<String> {
    let mut p: i128 = 1;
    for k in 0..=18u32 {
        if p % d == 0 {
            let scaled = n.checked_mul(p / d)?;
            let (sign, a) = (if scaled < 0 { "-" } else { "" }, scaled.unsigned_abs());
            let digits = format!("{:0>width$}", a, width = k as usize + 1);
            let (int, frac) = digits.split_at(digits.len() - k as usize);
            return Some(if frac.is_empty() {
                format!("{sign}{int}")
            } else {
                format!("{sign}{int}.{frac}")
            });
        }
        p = p.checked_mul(10)?;
    }
    None
}

/// The text of the rational `n/d` in the formula language: an integer, an exact decimal
/// (`0.01`), else `n/d`.
pub(crate) fn number_text(n: i128, d: i128) -> String {
    match (d, decimal(n, d)) {
        (1, _) => format!("{n}"),
        (_, Some(text)) => text,
        (_, None) => format!("{n}/{d}"),
    }
}

/// A named constant: its e-graph symbol, its text in the formula language, and the shortest
/// decimal of its float32 rounding.
pub(crate) struct Named {
    pub key: &'static str,
    pub text: &'static str,
    pub value: &'static str,
}

pub(crate) const NAMED: &[Named] = &[
    Named {
        key: "sqrt_2_pi",
        text: "sqrt(2 / pi)",
        value: "0.7978846",
    },
    Named {
        key: "log2e",
        text: "log2(e)",
        value: "1.442695",
    },
    Named {
        key: "inv_sqrt2",
        text: "1 / sqrt(2)",
        value: "0.70710677",
    },
    Named {
        key: "sqrt2",
        text: "sqrt(2)",
        value: "1.4142135",
    },
    Named {
        key: "ln2",
        text: "log(2)",
        value: "0.6931472",
    },
    Named {
        key: "pi",
        text: "pi",
        value: "3.1415927",
    },
];

/// The named constant with this e-graph symbol (a key of [`NAMED`]).
pub(crate) fn by_key(key: &str) -> &'static Named {
    NAMED.iter().find(|c| c.key == key).expect("a key of NAMED")
}

/// The value of a named constant, as an exact rational.
pub(crate) fn value(n: &Named) -> (i128, i128) {
    float_literal(n.value).expect("the table's decimals parse")
}

/// The rational a float literal's text denotes: the shortest decimal with its float32
/// rounding; an integer literal, or one outside float32's normal range, exactly.
pub(crate) fn float32_literal(text: &str) -> Option<(i128, i128)> {
    let exact = float_literal(text)?;
    let t = text.replace('_', "");
    if !t.contains(['.', 'e', 'E']) {
        return Some(exact);
    }
    let f: f32 = match t.parse() {
        Ok(f) => f,
        Err(_) => return Some(exact),
    };
    if !f.is_finite() || (f != 0.0 && !f.is_normal()) {
        return Some(exact);
    }
    // A literal that is a float32 value exactly (`0.0000152587890625`, 2^-16) is that value:
    // its shortest decimal (`0.000015258789`) would be another number.
    let (n, d) = exact;
    let binary = d > 0 && d & (d - 1) == 0 && d < 1 << 53 && n.unsigned_abs() < 1 << 53;
    if binary && f as f64 * d as f64 == n as f64 {
        return Some(exact);
    }
    Some(float_literal(&format!("{f}")).unwrap_or(exact))
}

/// The named constant whose value is exactly `n / d`.
pub(crate) fn named_of(n: i128, d: i128) -> Option<&'static Named> {
    NAMED.iter().find(|c| value(c) == (n, d))
}

/// What the rule did to the float literals of some Python functions: one line per literal it
/// moved, `the literal 0.7978845608 at 16:13 is taken as 0.7978846, ...`.
pub(crate) fn rounded_literals(
    src: &str,
    defs: &[&ruff_python_ast::StmtFunctionDef],
) -> Vec<String> {
    use ruff_python_ast::visitor::{walk_expr, Visitor};
    use ruff_python_ast::{Expr as PyExpr, Number};
    struct V<'s>(&'s str, Vec<String>);
    impl<'a> Visitor<'a> for V<'_> {
        fn visit_expr(&mut self, e: &'a PyExpr) {
            if let PyExpr::NumberLiteral(n) = e {
                if let Number::Float(_) = n.value {
                    let text = &self.0[n.range.start().to_usize()..n.range.end().to_usize()];
                    if let Some(line) = moved(text) {
                        let at = crate::mem::pos_of(self.0, n);
                        self.1.push(format!("the literal {text} at {at} {line}"));
                    }
                }
            }
            walk_expr(self, e);
        }
    }
    let mut v = V(src, vec![]);
    for d in defs {
        for s in &d.body {
            v.visit_stmt(s);
        }
    }
    v.1.dedup();
    v.1
}

/// Where the number token of a formula's text that starts at `i` ends (digits, letters, `.`,
/// and a sign right after an exponent's `e`).
pub(crate) fn number_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len()
        && ((b[i] as char).is_ascii_alphanumeric()
            || b[i] == b'.'
            || ((b[i] == b'-' || b[i] == b'+') && (b[i - 1] == b'e' || b[i - 1] == b'E')))
    {
        i += 1;
    }
    i
}

/// The same for the numbers of a formula's text.
pub(crate) fn rounded_in_formula(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        let starts = (c.is_ascii_digit() || c == '.')
            && (i == 0 || !(b[i - 1] as char).is_ascii_alphanumeric() && b[i - 1] != b'_');
        if !starts {
            i += 1;
            continue;
        }
        let start = i;
        i = number_end(b, i);
        if let Some(line) = moved(&text[start..i]) {
            out.push(format!(
                "the literal {} of the expected formula {line}",
                &text[start..i]
            ));
        }
    }
    out
}

/// `is taken as 0.7978846, the shortest decimal with its float32 value (sqrt(2 / pi) in
/// float32)` when the rule moves the literal.
fn moved(text: &str) -> Option<String> {
    let exact = float_literal(text)?;
    let (n, d) = float32_literal(text)?;
    if (n, d) == exact {
        return None;
    }
    let named = named_of(n, d)
        .map(|c| format!(" ({} in float32)", c.text))
        .unwrap_or_default();
    Some(format!(
        "is taken as {}, the shortest decimal with its float32 value{named}",
        number_text(n, d)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_names() {
        let v = |t: &str| float32_literal(t).unwrap();
        assert_eq!(v("0.01"), (1, 100));
        assert_eq!(v("1e-5"), (1, 100_000));
        assert_eq!(v("0.7978845608"), (3_989_423, 5_000_000));
        assert_eq!(v("0.7978845608028654"), v("0.7978845608"));
        assert_eq!(v("1.4426950408889634"), v("1.4426950216293335"));
        assert_eq!(v("0.04471499845385551"), (8_943, 200_000));
        assert_eq!(v("0.009999999776482582"), (1, 100));
        // integers stay exact, also beyond float32's 24 bits
        assert_eq!(v("16777217"), (16_777_217, 1));
        // every table entry is the float32 rounding of its constant
        let exact: [f64; 6] = [
            (2.0 / std::f64::consts::PI).sqrt(),
            std::f64::consts::LOG2_E,
            std::f64::consts::FRAC_1_SQRT_2,
            std::f64::consts::SQRT_2,
            std::f64::consts::LN_2,
            std::f64::consts::PI,
        ];
        for (c, x) in NAMED.iter().zip(exact) {
            assert_eq!(format!("{}", x as f32), c.value, "{}", c.text);
            let parsed = crate::formula::Formula::parse(&format!("o[i] = {}", c.text)).unwrap();
            let body = &parsed.defs[0].body;
            if c.key != "pi" {
                assert_eq!(
                    crate::formula::named_value(body),
                    Some(value(c)),
                    "{}",
                    c.text
                );
            }
        }
        assert_eq!(named_of(3_989_423, 5_000_000).unwrap().text, "sqrt(2 / pi)");
        assert!(moved("0.5").is_none());
        assert_eq!(
            rounded_in_formula("o[i] = 0.7071067811865476 * x[i] + 0.5 + k2"),
            vec![
                "the literal 0.7071067811865476 of the expected formula is taken as \
                 0.70710677, the shortest decimal with its float32 value (1 / sqrt(2) in \
                 float32)"
            ]
        );
    }
}
