//! `constant` literals: scalars (`1e+30`, `-inf`, `nan`, `true`) and arrays in nested braces
//! (`{ {1, 2}, {3, 4} }`), each element read exactly at its element type. An array constant is
//! the concatenation of its rows along dimension 0, each row a constant of one rank less.

use crate::hlo::Instr;
use crate::lower::{axis, bad, Lowerer, Unsupported, Val};
use tensor::{Domain, ElemType, Literal, NodeId, Op};

/// Array constants with more elements than this are unsupported (the concatenation would be
/// a long chain).
const MAX_ELEMENTS: usize = 256;

pub(crate) fn constant<D: Domain>(l: &mut Lowerer<D>, ins: &Instr) -> Result<Val, Unsupported> {
    let (ty, _, dims) = l.array_shape(ins)?;
    let (text, span) = ins.literal.clone().unwrap_or_default();
    let tree = Tree::parse(text.trim()).ok_or(Unsupported {
        what: format!("constant literal `{text}`"),
        span,
    })?;
    let count: i64 = dims.iter().product();
    if count as usize > MAX_ELEMENTS {
        return Err(bad(ins, &format!("an array constant of {count} elements")));
    }
    let node = build(l, ins, ty, &tree, &dims)?;
    Ok(Val::Array { node, dims })
}

/// A literal's nesting: a leaf's text or a list.
enum Tree {
    Leaf(String),
    List(Vec<Tree>),
}

impl Tree {
    fn parse(text: &str) -> Option<Tree> {
        let (t, rest) = Tree::parse_at(text)?;
        rest.trim().is_empty().then_some(t)
    }

    fn parse_at(text: &str) -> Option<(Tree, &str)> {
        let text = text.trim_start();
        if let Some(mut rest) = text.strip_prefix('{') {
            let mut items = vec![];
            loop {
                rest = rest.trim_start();
                if let Some(r) = rest.strip_prefix('}') {
                    return Some((Tree::List(items), r));
                }
                let (t, r) = Tree::parse_at(rest)?;
                items.push(t);
                rest = r.trim_start();
                rest = rest.strip_prefix(',').unwrap_or(rest);
            }
        }
        let end = text.find([',', '}']).unwrap_or(text.len());
        let leaf = text[..end].trim();
        (!leaf.is_empty()).then(|| (Tree::Leaf(leaf.to_string()), &text[end..]))
    }
}

fn build<D: Domain>(
    l: &mut Lowerer<D>,
    ins: &Instr,
    ty: ElemType,
    tree: &Tree,
    dims: &[i64],
) -> Result<NodeId, Unsupported> {
    let malformed = || bad(ins, "a literal whose nesting does not match its shape");
    match (tree, dims) {
        (Tree::Leaf(s), []) => {
            let lit = scalar(ty, s).ok_or_else(|| bad(ins, &format!("literal `{s}`")))?;
            l.literal(ty, lit, ins)
        }
        (Tree::List(items), [n, rest @ ..]) if items.len() as i64 == *n && *n > 0 => {
            let mut rows = vec![];
            for item in items {
                let row = build(l, ins, ty, item, rest)?;
                // The row's axes d0.. move one position up; a new d0 of size 1 is added.
                let renames = (0..rest.len())
                    .rev()
                    .map(|k| (axis(k), axis(k + 1)))
                    .collect();
                let row = l.relabel(row, renames, ins)?;
                let one = l.d.lit_i(1);
                rows.push(l.add(
                    Op::Broadcast {
                        x: row,
                        axes: vec![(axis(0), one)],
                    },
                    ins,
                )?);
            }
            if rows.len() == 1 {
                return Ok(rows[0]);
            }
            l.add(
                Op::Concat {
                    xs: rows,
                    axis: axis(0),
                },
                ins,
            )
        }
        _ => Err(malformed()),
    }
}

/// A scalar literal at element type `ty`, exactly as XLA reads it.
pub(crate) fn scalar(ty: ElemType, s: &str) -> Option<Literal> {
    match ty {
        ElemType::Bool => match s {
            "true" => Some(Literal::Bool(true)),
            "false" => Some(Literal::Bool(false)),
            _ => None,
        },
        ElemType::Float(f) => {
            let format = f.format;
            let bits = match s {
                "inf" => format.inf(false),
                "-inf" => format.inf(true),
                "nan" | "-nan" => format.nan(),
                _ if format == tensor::Format::F32 => s.parse::<f32>().ok()?.to_bits() as u64,
                _ => format.from_f64(s.parse::<f64>().ok()?),
            };
            Some(Literal::Bits(bits))
        }
        ElemType::Fixed(t) => {
            let v: i128 = s.parse().ok()?;
            (t.min()..=t.max()).contains(&v).then_some(Literal::Int(v))
        }
        _ => None,
    }
}
