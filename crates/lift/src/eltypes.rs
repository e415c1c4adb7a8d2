//! Element types of pointer parameters as variants of a claim. Triton answers a query of a
//! buffer's element type (`p.type.element_ty.is_floating()`, `x.dtype.is_int64()` of a
//! value loaded from `p`, `get_dtype_min(p.type.element_ty)`) at compile time, from the
//! launch: the kernel's text does not fix it. So when the body's compile-time decisions
//! depend on the element type of `p` ([`crate::elemkind::Kinds::queried`]), the claim is
//! split into one variant per class of element types the body tells apart, each checked on
//! its own: floating-point types whose answers to every question the body asks
//! ([`crate::elemkind::Kinds::asked`]) agree form one class (the model reads all of them as
//! reals), and every integer type is a class of its own (their conversions and ranges
//! differ). In a variant, a query of the pointer's element type is the class's first type,
//! and the loads of an integer type read integers.

pub(crate) use crate::elemkind::every_type;
use crate::elemkind::{is_float, Kinds, FLOATS, INTS};

/// At most this many element-type assignments are checked for one kernel.
pub(crate) const MAX_ASSIGNMENTS: usize = 16;

/// One class of element types of one pointer: the type its queries answer with, and the
/// types it stands for.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Class {
    pub rep: &'static str,
    pub members: Vec<&'static str>,
}

impl Class {
    /// How a variant shows it: `float` for every floating-point type, else the types.
    pub(crate) fn shown(&self) -> String {
        if self.members.len() == FLOATS.len() {
            "float".into()
        } else {
            self.members.join(" or ")
        }
    }
}

/// What the body asks of a type, answered for `name`: the classes are the types with the
/// same answers.
fn signature(name: &str, asked: &[String]) -> Vec<String> {
    asked
        .iter()
        .map(|q| {
            let t = crate::exec::named_dtype(name);
            match q.as_str() {
                "*" => name.to_string(),
                // Triton's floating-point types have no `int_bitwidth`.
                "int_bitwidth" if is_float(name) => "none".into(),
                "int_bitwidth" | "bitwidth" => format!("{:?}", crate::exec::dtype_bits(name)),
                q if q.starts_with("==") => (q[2..] == *name).to_string(),
                p => format!(
                    "{:?}",
                    t.and_then(|_| crate::exec::dtype_predicate(name, p))
                ),
            }
        })
        .collect()
}

/// The classes of element types the body tells apart for one queried pointer.
pub(crate) fn classes(kinds: &Kinds) -> Vec<Class> {
    let asked: Vec<String> = kinds.asked.iter().cloned().collect();
    let mut out: Vec<Class> = Vec::new();
    for f in FLOATS {
        let sig = signature(f, &asked);
        match out.iter_mut().find(|c| signature(c.rep, &asked) == sig) {
            Some(c) => c.members.push(f),
            None => out.push(Class {
                rep: f,
                members: vec![f],
            }),
        }
    }
    out.extend(INTS.iter().map(|i| Class {
        rep: i,
        members: vec![i],
    }));
    out
}

/// Every assignment of a class to each queried pointer of `kinds` (the first pointer's
/// class major), each as (pointer, class) pairs; one empty assignment when none is queried.
/// `Err` when there are more than [`MAX_ASSIGNMENTS`] (the caller then does not split).
pub(crate) fn assignments(kinds: &Kinds) -> Result<Vec<Vec<(String, Class)>>, String> {
    let classes = classes(kinds);
    let mut out: Vec<Vec<(String, Class)>> = vec![vec![]];
    for p in &kinds.queried {
        let mut next = Vec::new();
        for a in &out {
            for c in &classes {
                let mut b = a.clone();
                b.push((p.clone(), c.clone()));
                next.push(b);
            }
        }
        out = next;
        if out.len() > MAX_ASSIGNMENTS {
            let names: Vec<String> = kinds.queried.iter().map(|p| format!("`{p}`")).collect();
            return Err(format!(
                "the element types of {} decide the body at compile time, and their {} classes' assignments are more than {MAX_ASSIGNMENTS}",
                names.join(", "),
                classes.len()
            ));
        }
    }
    Ok(out)
}

/// The values of integer type `name`: `lo..=hi`.
fn range(name: &str) -> Option<(i128, i128)> {
    let bits = crate::exec::dtype_bits(name)? as u32;
    Some(match crate::exec::dtype_predicate(name, "is_int_signed")? {
        true => (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1),
        false if bits >= 127 => return None,
        false => (0, (1i128 << bits) - 1),
    })
}

/// The verdict of a run under `assignment`: a refutation stands only when every integer of
/// its inputs lies in the range of each integer type the assignment names (the model reads
/// integers as mathematical ones, and a counterexample outside the type is none of it);
/// otherwise `unknown`.
pub(crate) fn narrowed(v: report::Verdict, assignment: &[(String, Class)]) -> report::Verdict {
    let report::Verdict::Refuted { counterexample } = v else {
        return v;
    };
    let ints: Vec<&String> = counterexample
        .inputs
        .iter()
        .filter(|t| t.element_type == "int")
        .flat_map(|t| &t.data)
        .collect();
    for (p, c) in assignment {
        if is_float(c.rep) {
            continue;
        }
        let inside = range(c.rep).is_some_and(|(lo, hi)| {
            ints.iter()
                .all(|x| x.parse::<i128>().is_ok_and(|x| lo <= x && x <= hi))
        });
        if !inside {
            return report::Verdict::Unknown {
                reason: format!(
                    "a counterexample was replayed ({}), but its integers are not all values of `{}`, the element type of `{p}` in this variant",
                    counterexample.instance, c.rep
                ),
            };
        }
    }
    report::Verdict::Refuted { counterexample }
}

/// How a variant shows an assignment: `` `inp`: float ``.
pub(crate) fn shown(a: &[(String, Class)]) -> Option<String> {
    let parts: Vec<String> = a
        .iter()
        .map(|(p, c)| format!("`{p}`: {}", c.shown()))
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_merge_by_what_the_body_asks_and_integers_stay_apart() {
        let mut k = Kinds::default();
        k.queried.insert("inp".into());
        k.asked.insert("is_floating".into());
        let c = classes(&k);
        assert_eq!(c.len(), 1 + INTS.len());
        assert_eq!(c[0].shown(), "float");
        k.asked.insert("is_fp16".into());
        let c = classes(&k);
        assert_eq!(c[0].members.len(), FLOATS.len() - 1);
        assert_eq!(c[1].shown(), "float16");
        k.asked.insert("*".into());
        assert_eq!(classes(&k).len(), FLOATS.len() + INTS.len());
    }
}
