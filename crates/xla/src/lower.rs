//! An HLO module as a graph of the tensor core's ops at the module's concrete shapes, generic
//! over the value domain: the symbolic check and the concrete replay lower the same way.
//!
//! Positions are axis names: dimension `k` of every value is the axis `dk`, so HLO's
//! positional attributes become relabelings (`transpose`, `broadcast`'s `dimensions`, the
//! free axes of a `dot`). `fusion` and `call` are inlined. Anything this file does not give a
//! meaning is an [`Unsupported`] naming the op or attribute and where it is written.

use crate::hlo::{Computation, Instr, Module, Prim, Shape};
use crate::ops::{self, Elementwise};
use report::Span;
use std::collections::BTreeMap;
use tensor::{
    Axis, AxisMap, BinaryOp, CompareOp, Domain, ElemType, Format, Graph, IntTy, Literal, NodeId,
    Op, Reducer,
};

/// Why a module has no meaning here: the construct, and where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Unsupported {
    pub what: String,
    pub span: Span,
}

/// A value of the module: an array (a core node, its HLO shape) or a tuple.
#[derive(Clone, Debug)]
pub enum Val {
    Array { node: NodeId, dims: Vec<i64> },
    Tuple(Vec<Val>),
}

/// An entry parameter: number, element type, dimensions.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub number: usize,
    pub ty: ElemType,
    pub type_name: String,
    pub dims: Vec<i64>,
    /// The values of an integer type (inclusive), which inputs are drawn from and models
    /// must respect.
    pub range: Option<(i128, i128)>,
}

/// The module as core graph: its parameters and its root's array leaves (a tuple flattened).
pub struct Lowered<I> {
    pub graph: Graph<I>,
    pub params: Vec<Param>,
    pub outputs: Vec<(NodeId, Vec<i64>, ElemType)>,
    /// Every array instruction's node with its declared dimensions and where it is written,
    /// for the check that the core computes the shape XLA printed.
    pub declared: Vec<(NodeId, Vec<i64>, Span)>,
}

/// Options of the semantics.
#[derive(Clone, Copy, Debug)]
pub struct Mode {
    /// Subnormals flushed to zero (XLA:CPU's default).
    pub ftz: bool,
}

/// The name of parameter `k`'s input tensor, shared by both modules of a pair.
pub fn param_name(k: usize) -> String {
    format!("p{k}")
}

/// The axis of dimension `k`.
pub fn axis(k: usize) -> Axis {
    format!("d{k}")
}

/// The axes of an array of extents `dims`, named by [`axis`], with their extents.
pub fn named_axes(dims: &[i64]) -> Vec<(Axis, i128)> {
    dims.iter()
        .enumerate()
        .map(|(j, n)| (axis(j), *n as i128))
        .collect()
}

/// The element type of an HLO element type, if modelled.
pub fn elem_type(prim: Prim, mode: Mode) -> Option<ElemType> {
    let f = |format| Some(ElemType::float(format, mode.ftz));
    match prim {
        Prim::Pred => Some(ElemType::Bool),
        // XLA:CPU computes an f16 op in f32 and rounds it to f16 (measured, jax 0.7.1: no
        // excess precision across a fusion); an f16 subnormal is an f32 normal, so FTZ/DAZ
        // never flushes it. bf16 shares f32's exponent range: its subnormals are flushed.
        Prim::F16 => Some(ElemType::float(Format::F16, false)),
        Prim::BF16 => f(Format::BF16),
        Prim::F32 => f(Format::F32),
        Prim::F64 => f(Format::F64),
        // Fixed-width two's complement integers, wrapping around (`tensor::fixed`).
        Prim::S(bits @ (8 | 16 | 32 | 64)) => Some(ElemType::Fixed(IntTy {
            bits: bits as u32,
            signed: true,
        })),
        Prim::U(bits @ (8 | 16 | 32 | 64)) => Some(ElemType::Fixed(IntTy {
            bits: bits as u32,
            signed: false,
        })),
        _ => None,
    }
}

/// Inlining depth limit (fusions inside calls inside fusions ...).
const MAX_DEPTH: usize = 32;

pub(crate) struct Lowerer<'m, 'd, D: Domain> {
    pub d: &'d mut D,
    pub m: &'m Module,
    pub mode: Mode,
    pub g: Graph<D::I>,
    pub params: Vec<Param>,
    pub declared: Vec<(NodeId, Vec<i64>, Span)>,
}

/// Lowers the entry computation of `m`.
pub fn lower<D: Domain>(d: &mut D, m: &Module, mode: Mode) -> Result<Lowered<D::I>, Unsupported> {
    let entry = m.entry().ok_or(Unsupported {
        what: "a module without computations".into(),
        span: m.name.span,
    })?;
    let mut l = Lowerer {
        d,
        m,
        mode,
        g: Graph::new(),
        params: vec![],
        declared: vec![],
    };
    let root = l.computation(entry, None, 0)?;
    let mut outputs = vec![];
    flatten(&l.g, &root, &mut outputs);
    l.params.sort_by_key(|p| p.number);
    Ok(Lowered {
        graph: l.g,
        params: l.params,
        outputs,
        declared: l.declared,
    })
}

fn flatten<I: Clone>(g: &Graph<I>, v: &Val, out: &mut Vec<(NodeId, Vec<i64>, ElemType)>) {
    match v {
        Val::Array { node, dims } => out.push((*node, dims.clone(), g.node_type(*node).ty)),
        Val::Tuple(xs) => xs.iter().for_each(|x| flatten(g, x, out)),
    }
}

impl<D: Domain> Lowerer<'_, '_, D> {
    /// Lowers `c`; `args` binds its parameters (an inlined call), `None` for the entry.
    pub fn computation(
        &mut self,
        c: &Computation,
        args: Option<&[Val]>,
        depth: usize,
    ) -> Result<Val, Unsupported> {
        if depth > MAX_DEPTH {
            return Err(Unsupported {
                what: format!("calls nested deeper than {MAX_DEPTH}"),
                span: c.name.span,
            });
        }
        let mut env: BTreeMap<&str, Val> = BTreeMap::new();
        for ins in &c.instrs {
            let v = self.instr(ins, &env, args, depth)?;
            if let (Val::Array { node, dims }, Shape::Array { dims: declared, .. }) =
                (&v, &ins.shape)
            {
                if dims != declared {
                    return Err(Unsupported {
                        what: format!("{}: computed dimensions {dims:?}", ins.opcode.text),
                        span: ins.shape_span,
                    });
                }
                self.declared.push((*node, dims.clone(), ins.shape_span));
            }
            env.insert(ins.name.text.as_str(), v);
        }
        let root = c.root().ok_or(Unsupported {
            what: "an empty computation".into(),
            span: c.name.span,
        })?;
        Ok(env[c.instrs[root].name.text.as_str()].clone())
    }

    pub fn add(&mut self, op: Op<D::I>, at: &Instr) -> Result<NodeId, Unsupported> {
        self.g.add(op).map_err(|e| Unsupported {
            what: format!("{}: {e}", at.opcode.text),
            span: at.span,
        })
    }

    fn instr(
        &mut self,
        ins: &Instr,
        env: &BTreeMap<&str, Val>,
        args: Option<&[Val]>,
        depth: usize,
    ) -> Result<Val, Unsupported> {
        ops::check_attrs(ins)?;
        let mut operands = vec![];
        for o in &ins.operands {
            match env.get(o.text.as_str()) {
                Some(v) => operands.push(v.clone()),
                None => {
                    return Err(Unsupported {
                        what: format!("operand %{} is not defined before its use", o.text),
                        span: o.span,
                    })
                }
            }
        }
        let op = ins.opcode.text.as_str();
        match op {
            "parameter" => self.parameter(ins, args),
            "constant" => crate::consts::constant(self, ins),
            "tuple" => Ok(Val::Tuple(operands)),
            "get-tuple-element" => {
                let k = ops::int_attr(ins, "index")? as usize;
                match operands.first() {
                    Some(Val::Tuple(xs)) if k < xs.len() => Ok(xs[k].clone()),
                    _ => Err(bad(ins, "index is not an element of its tuple operand")),
                }
            }
            "fusion" | "call" => {
                let key = if op == "fusion" { "calls" } else { "to_apply" };
                let callee = ops::computation_attr(self.m, ins, key)?;
                self.computation(callee, Some(&operands), depth + 1)
            }
            "copy" => Ok(operands[0].clone()),
            "while" => match operands.first() {
                Some(init) => self.while_loop(ins, &init.clone(), depth),
                None => Err(bad(ins, "while without an operand")),
            },
            _ => {
                let arrays = arrays(ins, &operands)?;
                self.array_op(ins, &arrays)
            }
        }
    }

    fn parameter(&mut self, ins: &Instr, args: Option<&[Val]>) -> Result<Val, Unsupported> {
        let (text, span) = ins.literal.clone().unwrap_or_default();
        let k: usize = text.trim().parse().map_err(|_| Unsupported {
            what: "a parameter number".into(),
            span,
        })?;
        if let Some(args) = args {
            return args.get(k).cloned().ok_or(Unsupported {
                what: format!("parameter({k}) of a call with {} operands", args.len()),
                span,
            });
        }
        let (ty, name, dims) = self.array_shape(ins)?;
        let range = match ty {
            ElemType::Fixed(t) => Some((t.min(), t.max())),
            _ => None,
        };
        let shape: AxisMap<D::I> = dims
            .iter()
            .enumerate()
            .map(|(j, n)| (axis(j), self.d.lit_i(*n as i128)))
            .collect();
        let node = self.add(
            Op::Input {
                name: param_name(k),
                ty,
                shape,
            },
            ins,
        )?;
        self.params.push(Param {
            number: k,
            ty,
            type_name: name,
            dims: dims.clone(),
            range,
        });
        Ok(Val::Array { node, dims })
    }

    /// The element type, its printed name and the dimensions of an array-shaped instruction.
    pub fn array_shape(&self, ins: &Instr) -> Result<(ElemType, String, Vec<i64>), Unsupported> {
        match &ins.shape {
            Shape::Array {
                prim, name, dims, ..
            } => match elem_type(*prim, self.mode) {
                Some(t) => Ok((t, name.clone(), dims.clone())),
                None => Err(Unsupported {
                    what: format!("element type {name} (not modelled yet)"),
                    span: ins.shape_span,
                }),
            },
            Shape::Tuple(_) => Err(Unsupported {
                what: format!("{} with a tuple shape", ins.opcode.text),
                span: ins.shape_span,
            }),
        }
    }

    fn array_op(&mut self, ins: &Instr, xs: &[(NodeId, Vec<i64>)]) -> Result<Val, Unsupported> {
        let (ty, _, dims) = self.array_shape(ins)?;
        if ins.opcode.text == "iota" {
            let k = ops::int_attr(ins, "iota_dimension")?;
            if !(0..dims.len() as i64).contains(&k) {
                return Err(bad(ins, "iota_dimension out of range"));
            }
            let shape: AxisMap<D::I> = dims
                .iter()
                .enumerate()
                .map(|(j, n)| (axis(j), self.d.lit_i(*n as i128)))
                .collect();
            let node = self.add(
                Op::Iota {
                    ty,
                    axis: axis(k as usize),
                    shape,
                },
                ins,
            )?;
            return Ok(Val::Array { node, dims });
        }
        if ins.opcode.text == "convert" {
            let node = self.convert(ins, xs[0].0, ty)?;
            return Ok(Val::Array { node, dims });
        }
        let node = match ops::elementwise(&ins.opcode.text) {
            Some(Elementwise::Unary(op)) => self.add(Op::Unary { op, x: xs[0].0 }, ins)?,
            Some(Elementwise::Binary(op)) => self.binary(ins, op, xs)?,
            Some(Elementwise::Select) => self.add(
                Op::Select {
                    pred: xs[0].0,
                    on_true: xs[1].0,
                    on_false: xs[2].0,
                },
                ins,
            )?,
            Some(Elementwise::Clamp) => self.add(
                Op::Clamp {
                    lo: xs[0].0,
                    x: xs[1].0,
                    hi: xs[2].0,
                },
                ins,
            )?,
            Some(Elementwise::Compare) => {
                let op = ops::direction(ins)?;
                let (a, b) = (xs[0].0, xs[1].0);
                self.add(Op::Compare { op, a, b }, ins)?
            }
            None => crate::shape_ops::lower(self, ins, xs, &dims)?,
        };
        Ok(Val::Array { node, dims })
    }

    /// `convert` to `to`: between float types, integer types and predicates as the core
    /// defines them (`tensor::fixed::convert`); a float to `u64` is unsupported (the core's
    /// truncation covers 64-bit signed values).
    fn convert(&mut self, ins: &Instr, x: NodeId, to: ElemType) -> Result<NodeId, Unsupported> {
        let from = self.g.node_type(x).ty;
        if let (ElemType::Float(_), ElemType::Fixed(t)) = (from, to) {
            if t.bits == 64 && !t.signed {
                return Err(bad(ins, "a float converted to u64 (not modelled yet)"));
            }
        }
        self.add(Op::Convert { x, to, range: None }, ins)
    }

    fn binary(
        &mut self,
        ins: &Instr,
        op: BinaryOp,
        xs: &[(NodeId, Vec<i64>)],
    ) -> Result<NodeId, Unsupported> {
        self.add(
            Op::Binary {
                op,
                a: xs[0].0,
                b: xs[1].0,
            },
            ins,
        )
    }

    /// Renames axes `from -> to` simultaneously (no node when nothing moves).
    pub fn relabel(
        &mut self,
        x: NodeId,
        renames: Vec<(Axis, Axis)>,
        at: &Instr,
    ) -> Result<NodeId, Unsupported> {
        let renames: Vec<(Axis, Axis)> = renames.into_iter().filter(|(a, b)| a != b).collect();
        if renames.is_empty() {
            return Ok(x);
        }
        self.add(Op::Relabel { x, renames }, at)
    }

    /// The literal `v` of type `ty` as a rank-0 node.
    pub fn literal(&mut self, ty: ElemType, v: Literal, at: &Instr) -> Result<NodeId, Unsupported> {
        self.add(Op::Literal { ty, lit: v }, at)
    }

    /// A reduction's combiner, read from its `to_apply` computation: a root that applies one
    /// of the reducers' binary ops to the computation's two parameters.
    pub fn reducer(&self, ins: &Instr) -> Result<Reducer, Unsupported> {
        let c = ops::computation_attr(self.m, ins, "to_apply")?;
        let span = ins
            .attr("to_apply")
            .map(|a| a.value_span)
            .unwrap_or(ins.span);
        let not_one = || {
            Unsupported {
            what: format!(
                "to_apply=%{}: not one of add, multiply, maximum, minimum, and, or of its two parameters",
                c.name.text
            ),
            span,
        }
        };
        let root = &c.instrs[c.root().ok_or_else(not_one)?];
        let params: Vec<&str> = c
            .instrs
            .iter()
            .filter(|i| i.opcode.text == "parameter")
            .map(|i| i.name.text.as_str())
            .collect();
        let ops_of_params = params.len() == 2
            && c.instrs.len() == 3
            && root.operands.len() == 2
            && root
                .operands
                .iter()
                .all(|o| params.contains(&o.text.as_str()))
            && root.operands[0].text != root.operands[1].text;
        if !ops_of_params {
            return Err(not_one());
        }
        Ok(match root.opcode.text.as_str() {
            "add" => Reducer::Sum,
            "multiply" => Reducer::Product,
            "maximum" => Reducer::Max,
            "minimum" => Reducer::Min,
            "and" => Reducer::And,
            "or" => Reducer::Or,
            _ => return Err(not_one()),
        })
    }
}

pub(crate) fn bad(ins: &Instr, what: &str) -> Unsupported {
    Unsupported {
        what: format!("{}: {what}", ins.opcode.text),
        span: ins.span,
    }
}

/// The operands as arrays (a tuple where an array is needed is unsupported).
fn arrays(ins: &Instr, xs: &[Val]) -> Result<Vec<(NodeId, Vec<i64>)>, Unsupported> {
    let want = ops::arity(&ins.opcode.text);
    if let Some(n) = want {
        if xs.len() != n {
            return Err(bad(ins, &format!("{} operands, expected {n}", xs.len())));
        }
    }
    xs.iter()
        .map(|v| match v {
            Val::Array { node, dims } => Ok((*node, dims.clone())),
            Val::Tuple(_) => Err(bad(ins, "a tuple operand")),
        })
        .collect()
}

/// Compare directions as the core's.
pub(crate) fn compare_op(direction: &str) -> Option<CompareOp> {
    Some(match direction {
        "EQ" => CompareOp::Eq,
        "NE" => CompareOp::Ne,
        "LT" => CompareOp::Lt,
        "LE" => CompareOp::Le,
        "GT" => CompareOp::Gt,
        "GE" => CompareOp::Ge,
        _ => return None,
    })
}
