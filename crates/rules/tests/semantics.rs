//! Property test: for every op, the symbolic domain and the concrete domain agree.
//!
//! A random small program (one op over random inputs, with random attributes, including
//! out-of-range starts, negative paddings, zero divisors) is evaluated twice through the one
//! generic definition in `tensor::Eval`: concretely, and symbolically to SMT terms that are then
//! evaluated under an assignment giving the same inputs. Validity, shape and every element must
//! agree. Reductions, kept symbolic as `⊕ over a domain`, are evaluated by enumerating the domain.

use proptest::prelude::*;
use rules::{Sym, SymVal};
use smt::{eval_term, FunId, ModelReader, Store, SymId, TermId, Value};
use std::collections::{BTreeMap, HashMap};
use tensor::*;

/// A tiny deterministic generator, seeded by proptest.
struct Gen(u64);
impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn int(&mut self, lo: i128, hi: i128) -> i128 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i128
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[(self.next() % xs.len() as u64) as usize]
    }
}

/// An input tensor: axes with sizes and values.
#[derive(Clone, Debug)]
struct In {
    name: String,
    ty: ElemType,
    axes: Vec<(String, i128)>,
    data: Vec<Scalar>,
}

fn random_value(g: &mut Gen, ty: ElemType) -> Scalar {
    match ty {
        ElemType::Bool => Scalar::Bool(g.int(0, 1) == 1),
        ElemType::Int => Scalar::Int(g.int(-4, 4)),
        ElemType::Real => Scalar::Real(Rat::new(g.int(-6, 6), g.int(1, 3)).unwrap()),
        ElemType::Float(_) | ElemType::Fixed(_) => {
            unreachable!("this test draws bool, int and real programs")
        }
    }
}

fn random_input(g: &mut Gen, name: &str, ty: ElemType, axes: &[&str]) -> In {
    let axes: Vec<(String, i128)> = axes.iter().map(|a| (a.to_string(), g.int(0, 3))).collect();
    let n: i128 = axes.iter().map(|a| a.1).product();
    In {
        name: name.into(),
        ty,
        axes,
        data: (0..n).map(|_| random_value(g, ty)).collect(),
    }
}

/// Builds a one-op program over `ins` in domain `D`; attributes are given as plain integers.
fn build<D: Domain>(
    d: &mut D,
    kind: usize,
    ins: &[In],
    attrs: &[i128],
    ty: ElemType,
) -> Option<(Graph<D::I>, NodeId)> {
    let mut g: Graph<D::I> = Graph::new();
    let mut nodes = Vec::new();
    for i in ins {
        let shape = i
            .axes
            .iter()
            .map(|(a, n)| (a.clone(), d.lit_i(*n)))
            .collect();
        nodes.push(
            g.add(Op::Input {
                name: i.name.clone(),
                ty: i.ty,
                shape,
            })
            .ok()?,
        );
    }
    let mut at = attrs.iter().copied();
    let mut next = |d: &mut D| d.lit_i(at.next().unwrap_or(1));
    let ab = |d: &mut D, next: &mut dyn FnMut(&mut D) -> D::I| -> AxisMap<D::I> {
        vec![("a".to_string(), next(d)), ("b".to_string(), next(d))]
    };
    let op = match kind {
        0 => Op::Unary {
            op: if ty == ElemType::Bool {
                UnaryOp::Not
            } else {
                *[UnaryOp::Neg, UnaryOp::Abs].get((attrs[0] & 1) as usize)?
            },
            x: nodes[0],
        },
        1 => {
            let ops: &[BinaryOp] = match ty {
                ElemType::Float(_) | ElemType::Fixed(_) => unreachable!("no float programs here"),
                ElemType::Bool => &[BinaryOp::And, BinaryOp::Or, BinaryOp::Xor],
                ElemType::Int => &[
                    BinaryOp::Add,
                    BinaryOp::Sub,
                    BinaryOp::Mul,
                    BinaryOp::Div,
                    BinaryOp::Rem,
                    BinaryOp::Max,
                    BinaryOp::Min,
                ],
                ElemType::Real => &[
                    BinaryOp::Add,
                    BinaryOp::Sub,
                    BinaryOp::Mul,
                    BinaryOp::Div,
                    BinaryOp::Max,
                    BinaryOp::Min,
                ],
            };
            Op::Binary {
                op: ops[(attrs[0].unsigned_abs() as usize) % ops.len()],
                a: nodes[0],
                b: nodes[1],
            }
        }
        2 => {
            let ops = [
                CompareOp::Lt,
                CompareOp::Le,
                CompareOp::Gt,
                CompareOp::Ge,
                CompareOp::Eq,
                CompareOp::Ne,
            ];
            Op::Compare {
                op: ops[(attrs[0].unsigned_abs() as usize) % 6],
                a: nodes[0],
                b: nodes[1],
            }
        }
        3 => Op::Select {
            pred: nodes[2],
            on_true: nodes[0],
            on_false: nodes[1],
        },
        4 => Op::Clamp {
            lo: nodes[0],
            x: nodes[1],
            hi: nodes[3],
        },
        5 => {
            let n = next(d);
            Op::Broadcast {
                x: nodes[0],
                axes: vec![("c".into(), n)],
            }
        }
        6 => {
            let shape = ab(d, &mut next);
            Op::Iota {
                ty,
                shape,
                axis: "a".into(),
            }
        }
        7 => {
            let (low, high, interior) = (ab(d, &mut next), ab(d, &mut next), ab(d, &mut next));
            Op::Pad {
                x: nodes[0],
                value: nodes[4],
                low,
                high,
                interior,
            }
        }
        8 => {
            let (start, limit, stride) = (ab(d, &mut next), ab(d, &mut next), ab(d, &mut next));
            Op::Slice {
                x: nodes[0],
                start,
                limit,
                stride,
            }
        }
        9 => {
            let (start, sizes) = (ab(d, &mut next), ab(d, &mut next));
            Op::DynamicSlice {
                x: nodes[0],
                start,
                sizes,
            }
        }
        10 => {
            let start = ab(d, &mut next);
            Op::DynamicUpdateSlice {
                x: nodes[0],
                update: nodes[1],
                start,
            }
        }
        11 => Op::Concat {
            xs: vec![nodes[0], nodes[1], nodes[0]],
            axis: "a".into(),
        },
        12 => Op::Reverse {
            x: nodes[0],
            axes: vec!["a".into()],
        },
        13 => Op::Relabel {
            x: nodes[0],
            renames: vec![("a".into(), "z".into())],
        },
        14 => {
            let reducers: &[Reducer] = match ty {
                ElemType::Bool => &[Reducer::And, Reducer::Or],
                _ => &[Reducer::Sum, Reducer::Product, Reducer::Max, Reducer::Min],
            };
            let reducer = reducers[(attrs[0].unsigned_abs() as usize) % reducers.len()];
            Op::Reduce {
                x: nodes[0],
                init: nodes[4],
                reducer,
                axes: vec!["a".into()],
                labels: vec![],
            }
        }
        15 => Op::Dot {
            a: nodes[0],
            b: nodes[5],
            contract: vec!["a".into()],
            batch: vec![],
            labels: vec![],
        },
        16 => {
            let axes = ConvAxes {
                batch: vec![],
                feature: vec!["a".into()],
                out_feature: vec!["o".into()],
                spatial: vec!["b".into()],
            };
            let one =
                |d: &mut D, next: &mut dyn FnMut(&mut D) -> D::I| vec![("b".to_string(), next(d))];
            let window = ConvWindow {
                stride: one(d, &mut next),
                low: one(d, &mut next),
                high: one(d, &mut next),
                lhs_dilation: one(d, &mut next),
                rhs_dilation: one(d, &mut next),
            };
            Op::Conv {
                input: nodes[0],
                weights: nodes[6],
                axes,
                window,
                labels: vec![],
            }
        }
        _ => Op::Reshape {
            x: nodes[7],
            insert: vec!["n".into()],
            remove: vec!["u".into()],
        },
    };
    let out = g.add(op).ok()?;
    Some((g, out))
}

fn random_attrs(g: &mut Gen) -> Vec<i128> {
    (0..16)
        .map(|_| {
            if g.int(0, 4) == 0 {
                g.int(-2, -1)
            } else {
                g.int(0, 3)
            }
        })
        .collect()
}

fn inputs_for(g: &mut Gen, ty: ElemType) -> Vec<In> {
    let mut ins = vec![
        random_input(g, "X", ty, &["a", "b"]),
        random_input(g, "Y", ty, &["a", "b"]),
        random_input(g, "P", ElemType::Bool, &["a", "b"]),
        random_input(g, "Z", ty, &["a", "b"]),
        random_input(g, "v", ty, &[]),
        random_input(g, "W", ty, &["a", "d"]),
        random_input(g, "K", ty, &["a", "o", "b"]),
        random_input(g, "U", ty, &["u", "b"]),
    ];
    // Same sizes for elementwise partners most of the time, so that values get compared.
    if g.int(0, 3) > 0 {
        for k in [1, 2, 3] {
            let axes = ins[0].axes.clone();
            let n: i128 = axes.iter().map(|a| a.1).product();
            let t = ins[k].ty;
            ins[k].axes = axes;
            ins[k].data = (0..n).map(|_| random_value(g, t)).collect();
        }
    }
    if g.int(0, 1) == 1 {
        let n: i128 = ins[0].axes.iter().map(|a| a.1).product::<i128>() / ins[0].axes[1].1.max(1);
        let _ = n;
    }
    ins
}

/// Inputs and index variables for evaluating symbolic terms.
struct Assign<'a> {
    store: &'a Store,
    ins: &'a [In],
    funs: &'a BTreeMap<String, FunId>,
    vars: HashMap<SymId, i128>,
}

fn to_value(s: Scalar) -> Value {
    match s {
        Scalar::Bool(b) => Value::Bool(b),
        Scalar::Int(i) => Value::Int(i),
        Scalar::Real(r) => {
            let (n, d) = r.small().expect("the test draws small rationals");
            Value::Real(n, d)
        }
        // Inputs are finite and valid programs read inside them; these never reach a result.
        Scalar::Inf(s) => Value::Int(if s { i128::MAX } else { i128::MIN + 1 }),
        Scalar::Undef => Value::Int(i128::MIN + 2),
        // Intervals come from `exp`, which these programs do not use.
        Scalar::Approx(_) => Value::Int(i128::MIN + 3),
        Scalar::Float(f, b) => Value::Float(f, b),
    }
}

impl ModelReader for Assign<'_> {
    fn sym(&mut self, s: SymId) -> Option<Value> {
        if let Some(v) = self.vars.get(&s) {
            return Some(Value::Int(*v));
        }
        let name = self.store.sym_name(s);
        let t = self
            .ins
            .iter()
            .find(|i| i.name == name && i.axes.is_empty())?;
        Some(to_value(t.data[0].clone()))
    }
    fn app(&mut self, f: FunId, args: &[Value]) -> Option<Value> {
        let key = self.funs.iter().find(|(_, g)| **g == f)?.0;
        let name = key.rsplit_once('/').map(|x| x.0).unwrap_or(key);
        let t = self.ins.iter().find(|i| i.name == name)?;
        let idx: Vec<i128> = args
            .iter()
            .map(|a| if let Value::Int(i) = a { *i } else { -1 })
            .collect();
        let ct = ConcreteTensor {
            axes: t.axes.clone(),
            data: t.data.clone(),
        };
        // Out-of-range reads happen only in summands outside the domain; any value will do.
        Some(
            ct.offset(&idx)
                .map(|o| to_value(t.data[o].clone()))
                .unwrap_or(Value::Int(0)),
        )
    }
}

fn combine(r: Reducer, a: Value, b: Value) -> Option<Value> {
    let mut c = Concrete::new(BTreeMap::new());
    let ty = match a {
        Value::Bool(_) => ElemType::Bool,
        Value::Int(_) => ElemType::Int,
        Value::Real(..) => ElemType::Real,
        _ => return None,
    };
    let sc = |v: Value| match v {
        Value::Bool(b) => Scalar::Bool(b),
        Value::Int(i) => Scalar::Int(i),
        Value::Real(n, d) => Scalar::Real(Rat::new(n, d).unwrap()),
        other => panic!("no float elements here: {other}"),
    };
    let out = binary(&mut c, r.binary(), ty, &sc(a), &sc(b));
    c.inexact.is_none().then(|| to_value(out))
}

fn identity(r: Reducer, ty: ElemType) -> Option<Value> {
    let one = |v: i128| match ty {
        ElemType::Real => Value::Real(v, 1),
        _ => Value::Int(v),
    };
    Some(match r {
        Reducer::Sum => one(0),
        Reducer::Product => one(1),
        Reducer::And => Value::Bool(true),
        Reducer::Or => Value::Bool(false),
        // max/min always carry their init in the domain, so it is never empty.
        Reducer::Max | Reducer::Min => return None,
    })
}

fn concrete_inputs(ins: &[In]) -> Concrete {
    Concrete::new(
        ins.iter()
            .map(|i| {
                (
                    i.name.clone(),
                    ConcreteTensor {
                        axes: i.axes.clone(),
                        data: i.data.clone(),
                    },
                )
            })
            .collect(),
    )
}

/// The value of a symbolic element: a term, or a reduction enumerated over its domain.
fn eval_sym(sym: &Sym, v: &SymVal, ins: &[In]) -> Option<Value> {
    let mut a = Assign {
        store: &sym.store,
        ins,
        funs: &sym.inputs,
        vars: HashMap::new(),
    };
    match v {
        SymVal::Inf(s) => Some(Value::Int(if *s { i128::MAX } else { i128::MIN + 1 })),
        SymVal::Plain(t) => eval_term(&sym.store, *t, &mut a),
        SymVal::Red(r) => {
            let n = r.vars.len();
            let bound = 9i128;
            let mut acc: Option<Value> = None;
            let mut point = vec![0i128; n];
            loop {
                a.vars = r
                    .vars
                    .iter()
                    .map(|(s, _)| *s)
                    .zip(point.iter().copied())
                    .collect();
                if eval_term(&sym.store, r.dom, &mut a)? == Value::Bool(true) {
                    let x = eval_term(&sym.store, r.body, &mut a)?;
                    acc = Some(match acc {
                        None => x,
                        Some(p) => combine(r.reducer, p, x)?,
                    });
                }
                let mut k = n;
                loop {
                    if k == 0 {
                        // An empty domain reduces to the reducer's identity.
                        return acc.or_else(|| identity(r.reducer, r.ty));
                    }
                    k -= 1;
                    point[k] += 1;
                    if point[k] < bound {
                        break;
                    }
                    point[k] = 0;
                }
            }
        }
    }
}

fn agree(seed: u64, kind: usize) -> Result<(), String> {
    let mut g = Gen(seed | 1);
    let ty = *g.pick(&[ElemType::Bool, ElemType::Int, ElemType::Real]);
    let ty = if matches!(kind, 6 | 15 | 16) && ty == ElemType::Bool {
        ElemType::Int
    } else {
        ty
    };
    let ins = inputs_for(&mut g, ty);
    let attrs = random_attrs(&mut g);
    let mut c = concrete_inputs(&ins);
    let Some((cg, cn)) = build(&mut c, kind, &ins, &attrs, ty) else {
        return Ok(());
    };
    let mut sym = Sym::new(Store::new());
    let (sg, sn) =
        build(&mut sym, kind, &ins, &attrs, ty).expect("same static checks in both domains");
    let mut ce: Eval<Concrete> = Eval::new(&cg);
    let mut se: Eval<Sym> = Eval::new(&sg);
    let cv = ce.valid(&mut c, cn);
    let sv = se.valid(&mut sym, sn);
    let sv = eval_sym(&sym, &SymVal::Plain(sv), &ins).ok_or("validity term did not evaluate")?;
    if sv != Value::Bool(cv) {
        return Err(format!(
            "kind {kind}: validity differs: concrete {cv}, symbolic {sv:?}"
        ));
    }
    if !cv {
        return Ok(());
    }
    let cs = ce.shape(&mut c, cn);
    let ss = se.shape(&mut sym, sn);
    for ((a, n), (b, t)) in cs.iter().zip(&ss) {
        let tv = eval_sym(&sym, &SymVal::Plain(*t), &ins);
        if a != b || tv != Some(Value::Int(*n)) {
            return Err(format!("kind {kind}: shape differs on {a}: {n} vs {tv:?}"));
        }
    }
    let count = ConcreteTensor::count(&cs).ok_or("shape")?;
    for off in 0..count.min(64) {
        let mut rest = off as i128;
        let mut idx = cs.clone();
        for k in (0..idx.len()).rev() {
            let n = cs[k].1.max(1);
            idx[k].1 = rest % n;
            rest /= n;
        }
        let x = ce.access(&mut c, cn, &idx);
        let sidx: Vec<(String, TermId)> = idx
            .iter()
            .map(|(a, i)| (a.clone(), sym.store.int(*i)))
            .collect();
        let y = se.access(&mut sym, sn, &sidx);
        if let Some(why) = &sym.unsupported {
            return Err(format!(
                "kind {kind}: symbolic domain could not encode: {why}"
            ));
        }
        if c.inexact.is_some() {
            return Ok(());
        }
        let yv = eval_sym(&sym, &y, &ins).ok_or("element did not evaluate")?;
        let xv = to_value(x);
        let same = xv == yv;
        if !same {
            return Err(format!("kind {kind} at {idx:?}: concrete {xv:?}, symbolic {yv:?}\ninputs {ins:?}\nattrs {attrs:?}"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, .. ProptestConfig::default() })]
    #[test]
    fn symbolic_and_concrete_agree(seed in any::<u64>(), kind in 0usize..18) {
        if let Err(e) = agree(seed, kind) {
            prop_assert!(false, "{}", e);
        }
    }
}

#[test]
fn every_op_kind_is_exercised_with_valid_programs() {
    // Each kind must produce some valid program with elements, or the property above is empty.
    for kind in 0..18 {
        let mut hits = 0;
        for seed in 1..3000u64 {
            let mut g = Gen(seed * 7919 | 1);
            let ty = ElemType::Int;
            let ins = inputs_for(&mut g, ty);
            let attrs = random_attrs(&mut g);
            let mut c = concrete_inputs(&ins);
            if let Some((cg, cn)) = build(&mut c, kind, &ins, &attrs, ty) {
                let mut ce: Eval<Concrete> = Eval::new(&cg);
                if ce.valid(&mut c, cn)
                    && ConcreteTensor::count(&ce.shape(&mut c, cn)).unwrap_or(0) > 0
                {
                    hits += 1;
                }
            }
        }
        assert!(
            hits > 0,
            "op kind {kind} never produced a valid non-empty program"
        );
    }
}

#[test]
fn slice_example_is_valid() {
    let ins = vec![In {
        name: "X".into(),
        ty: ElemType::Int,
        axes: vec![("a".into(), 3), ("b".into(), 2)],
        data: (0..6).map(Scalar::Int).collect(),
    }];
    let mut ins = ins;
    for n in ["Y", "P", "Z", "v", "W", "K", "U"] {
        ins.push(In {
            name: n.into(),
            ty: if n == "P" {
                ElemType::Bool
            } else {
                ElemType::Int
            },
            axes: vec![],
            data: vec![if n == "P" {
                Scalar::Bool(true)
            } else {
                Scalar::Int(1)
            }],
        });
    }
    let mut c = Concrete::new(BTreeMap::new());
    let (cg, cn) = build(&mut c, 8, &ins, &[0, 0, 2, 2, 1, 1], ElemType::Int).unwrap();
    let mut ce: Eval<Concrete> = Eval::new(&cg);
    assert!(ce.valid(&mut c, cn));
    assert_eq!(
        ce.shape(&mut c, cn),
        vec![("a".to_string(), 2), ("b".to_string(), 2)]
    );
}
