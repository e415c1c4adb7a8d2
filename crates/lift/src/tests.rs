//! The two domains agree: every op of [`crate::ops`] evaluated symbolically (terms, then
//! evaluated exactly under the inputs as a model) and concretely gives the same element at
//! every lane, on pseudo-random rational inputs.

use crate::mem::{Buffer, Machine, Pos};
use crate::ops::{self, Arith, Cmp, Logic};
use crate::value::{Block, Elem, KVal, LDomain, Ty};
use smt::{FunId, ModelReader, SymId, Value};
use std::collections::BTreeMap;
use symbolic::{Sym, SymVal};
use tensor::{Concrete, ConcreteTensor, ElemType, Rat, Scalar};

const LANES: usize = 5;

fn input<D: LDomain>(name: &'static str) -> Block<D> {
    Block::new(vec![LANES], Ty::Real, move |d: &mut D, l| {
        let i = l[0].clone();
        Elem::V(d.input(name, ElemType::Real, &[i]))
    })
}

/// Every op under test, built from the inputs `x` and `y` (and a load of `x`).
fn programs<D: LDomain>() -> Vec<(&'static str, Block<D>)> {
    let (x, y) = (input::<D>("x"), input::<D>("y"));
    let zero = KVal::<D>::Float(0, 1).block().unwrap();
    let lt = ops::compare(Cmp::Lt, &x, &y).unwrap();
    let neg = ops::compare(Cmp::Lt, &y, &zero).unwrap();
    let mut v: Vec<(&'static str, Block<D>)> = vec![
        ("add", ops::arith(Arith::Add, &x, &y).unwrap()),
        ("sub", ops::arith(Arith::Sub, &x, &y).unwrap()),
        ("mul", ops::arith(Arith::Mul, &x, &y).unwrap()),
        ("div", ops::arith(Arith::Div, &x, &y).unwrap()),
        ("max", ops::arith(Arith::Max, &x, &y).unwrap()),
        ("min", ops::arith(Arith::Min, &x, &y).unwrap()),
        ("neg", ops::negate(&x).unwrap()),
        ("where", ops::select(&lt, &x, &y).unwrap()),
        ("and", ops::logic(Logic::And, &lt, &neg).unwrap()),
        ("or", ops::logic(Logic::Or, &lt, &neg).unwrap()),
        ("not", ops::not(&lt).unwrap()),
    ];
    // A 2-D block from `x[:, None] * y[None, :]`, summed along each axis, then read back
    // per lane (a sum along axis 1 at row `l`, along axis 0 at column `l`).
    let col = ops::expand_dims(&x, &[true, false]);
    let row = ops::expand_dims(&y, &[false, true]);
    let outer = ops::arith(Arith::Mul, &col, &row).unwrap();
    use tensor::Reducer::{Max, Min, Sum};
    v.push(("sum axis 1", ops::reduce(&outer, 1, false, Sum)));
    v.push(("sum axis 0", ops::reduce(&outer, 0, false, Sum)));
    // `tl.trans` of the outer product, read back along its first row (`x[l] * y[0]`).
    let tr = ops::transpose(&outer).unwrap();
    v.push((
        "trans",
        Block::new(vec![LANES], Ty::Real, move |d: &mut D, l| {
            let zero = d.lit_i(0);
            tr.at(d, &[zero, l[0].clone()])
        }),
    ));
    let diag = ops::reduce(&ops::reduce(&outer, 1, true, Sum), 1, false, Sum);
    v.push(("sum keep_dims", diag));
    // `tl.dot` of the outer product with itself, read back on the diagonal.
    let sq = ops::dot(&outer, &outer).unwrap();
    v.push((
        "dot",
        Block::new(vec![LANES], Ty::Real, move |d: &mut D, l| {
            sq.at(d, &[l[0].clone(), l[0].clone()])
        }),
    ));
    // Integer `//` and `%` (truncating) on both signs of dividend and divisor.
    let ints: Block<D> = Block::new(vec![LANES], Ty::Int, |d: &mut D, l| {
        let (three, seven) = (d.lit_i(3), d.lit_i(7));
        let m = d.mul_i(&l[0], &three);
        Elem::I(d.sub_i(&m, &seven))
    });
    for (name, div, rem) in [
        ("floordiv 2", 2, false),
        ("floordiv -3", -3, false),
        ("mod 2", 2, true),
        ("mod -3", -3, true),
    ] {
        let k = KVal::<D>::Int(div).block().unwrap();
        v.push((name, ops::int_div(&ints, &k, rem).unwrap()));
    }
    v.push(("tile loop", tile_loop(&x, &y)));
    // A block pointer (`crate::bptr`): its addresses and its boundary-checked lanes, after an
    // advance, over a 1-D tensor of 3 elements with stride 2.
    let base = KVal::Block(Block::new(vec![], Ty::Ptr(0), |d: &mut D, _| {
        Elem::I(d.lit_i(0))
    }));
    let tup = |xs: &[i128]| KVal::<D>::Tuple(xs.iter().map(|x| KVal::Int(*x)).collect());
    let bp = crate::bptr::make(&[
        base,
        tup(&[3]),
        tup(&[2]),
        tup(&[-1]),
        tup(&[LANES as i128]),
        tup(&[0]),
    ])
    .unwrap();
    let bp = crate::bptr::advance(&bp, &tup(&[1])).unwrap();
    let KVal::BlockPtr(bp) = bp else { panic!() };
    let addr = crate::bptr::pointers(&bp);
    v.push((
        "block pointer addresses",
        Block {
            ty: Ty::Int,
            ..addr
        },
    ));
    let check = crate::bptr::checked(&bp, &Some(tup(&[0])))
        .unwrap()
        .unwrap();
    v.push(("block pointer boundary check", check));
    v.push(("max axis 1", ops::reduce(&outer, 1, false, Max)));
    v.push(("min axis 0", ops::reduce(&outer, 0, false, Min)));
    // A max of maxima, and a softmax-like row: `exp(x - max) / sum(exp(x - max))`.
    let mm = ops::reduce(&ops::reduce(&outer, 1, true, Max), 0, false, Max);
    v.push(("max of max", mm.broadcast_to(&[LANES])));
    let m = ops::reduce(&x, 0, false, Max);
    let z = ops::arith(Arith::Sub, &x, &m).unwrap();
    let e = ops::apply(
        ops::lookup("exp").unwrap(),
        &mut Machine {
            pid: vec![],
            nprog: vec![],
            buffers: vec![],
            accesses: vec![],
            guard: None,
            math: vec![],
            loops: vec![],
            trips: vec![],
            laws: vec![],
            premises: vec![],
            gathers: vec![],
            gathers_in_bounds: false,
            assumed: vec![],
            typed: vec![],
        },
        vec![Some(KVal::Block(z))],
        Pos { line: 0, col: 0 },
    )
    .unwrap()
    .block()
    .unwrap();
    let sm = ops::arith(Arith::Div, &e, &ops::reduce(&e, 0, false, Sum)).unwrap();
    v.push(("softmax", sm));
    for (name, c) in [
        ("lt", Cmp::Lt),
        ("le", Cmp::Le),
        ("gt", Cmp::Gt),
        ("ge", Cmp::Ge),
        ("eq", Cmp::Eq),
        ("ne", Cmp::Ne),
    ] {
        v.push((name, ops::compare(c, &x, &y).unwrap()));
    }
    for name in [
        "abs",
        "fma",
        "clamp",
        "div_rn",
        "zeros",
        "full",
        "arange",
        "load",
        "load -inf",
        "max -inf",
        "nan sub",
        "nan mul",
        "nan div",
        "nan exp",
        "nan lt",
        "nan ne",
        "nan where",
        "nan abs sigmoid",
        "nan log",
        "nan 2-D sum",
        "softmax rows nan",
        "inf rows min",
        "inf rows neg",
    ] {
        let special = name.contains("inf") || name.contains("nan");
        let spec = ops::lookup(if special { "load" } else { name }).unwrap();
        let mut m = Machine {
            pid: vec![],
            nprog: vec![],
            buffers: vec![Buffer {
                name: "x".into(),
                int: false,
                dtype: None,
            }],
            accesses: vec![],
            guard: None,
            math: vec![],
            loops: vec![],
            trips: vec![],
            laws: vec![],
            premises: vec![],
            gathers: vec![],
            gathers_in_bounds: false,
            assumed: vec![],
            typed: vec![],
        };
        let at = Pos { line: 0, col: 0 };
        let lanes = KVal::Int(LANES as i128);
        let idx = ops::apply(
            ops::lookup("arange").unwrap(),
            &mut m,
            vec![Some(KVal::Int(0)), Some(lanes.clone())],
            at,
        )
        .unwrap()
        .block()
        .unwrap();
        let base: Block<D> = Block::new(vec![], Ty::Ptr(0), |d: &mut D, _| Elem::I(d.lit_i(0)));
        let ptr = ops::arith(Arith::Add, &base, &idx).unwrap();
        let first3 = ops::compare(Cmp::Lt, &idx, &KVal::<D>::Int(3).block().unwrap()).unwrap();
        let args: Vec<Option<KVal<D>>> = match name {
            "abs" => vec![Some(KVal::Block(y.clone()))],
            "fma" => vec![
                Some(KVal::Block(x.clone())),
                Some(KVal::Block(y.clone())),
                Some(KVal::Float(1, 3)),
            ],
            "clamp" => vec![
                Some(KVal::Block(x.clone())),
                Some(KVal::Float(-1, 2)),
                Some(KVal::Int(1)),
            ],
            "div_rn" => vec![Some(KVal::Block(x.clone())), Some(KVal::Float(3, 2))],
            "zeros" => vec![Some(lanes), None],
            "full" => vec![Some(lanes), Some(KVal::Float(3, 2)), None],
            "arange" => vec![Some(KVal::Int(2)), Some(KVal::Int(2 + LANES as i128))],
            "load" => vec![
                Some(KVal::Block(ptr)),
                Some(KVal::Block(first3.clone())),
                Some(KVal::Float(7, 1)),
            ],
            _ => vec![
                Some(KVal::Block(ptr)),
                Some(KVal::Block(first3.clone())),
                Some(KVal::Float(-1, 0)),
            ],
        };
        let b = ops::apply(spec, &mut m, args, at).unwrap().block().unwrap();
        // Lanes 3 and 4 are `-inf`: kept exact through `- 1`, `* 5/2`, a `where` with a
        // literal `-inf`, `max(., 0)` with a comparison, and a max over the lanes.
        let b = match name {
            "load -inf" => {
                let one = KVal::<D>::Int(1).block().unwrap();
                let t = ops::arith(Arith::Sub, &b, &one).unwrap();
                let two = KVal::<D>::Float(5, 2).block().unwrap();
                let t = ops::arith(Arith::Mul, &t, &two).unwrap();
                let t =
                    ops::select(&first3, &t, &KVal::<D>::Float(-1, 0).block().unwrap()).unwrap();
                let c = ops::compare(Cmp::Lt, &t, &zero).unwrap();
                ops::select(&c, &zero, &t).unwrap()
            }
            "max -inf" => ops::reduce(&b, 0, false, Max),
            // Lanes 3 and 4 are NaN (`-inf - -inf`, `inf * 0`, `inf / inf`), propagated by
            // `exp`, `abs`, `sigmoid`, `log`, false in `<`, true in `!=`, selected away by a
            // `where`; `-inf * y` takes `y`'s sign (NaN where `y` is 0).
            "nan sub" => ops::arith(Arith::Sub, &b, &b).unwrap(),
            "nan mul" => {
                let z = ops::arith(Arith::Mul, &b, &zero).unwrap();
                let t = ops::arith(Arith::Mul, &b, &y).unwrap();
                ops::arith(Arith::Add, &z, &t).unwrap()
            }
            "nan div" => {
                let q = ops::arith(Arith::Div, &b, &b).unwrap();
                let r = ops::arith(Arith::Div, &x, &b).unwrap();
                ops::arith(Arith::Add, &q, &r).unwrap()
            }
            "nan exp" | "nan lt" | "nan ne" | "nan where" | "nan abs sigmoid" | "nan log" => {
                let n = ops::arith(Arith::Sub, &b, &b).unwrap();
                let un = |op: &str, v: Block<D>, m: &mut Machine<D>| {
                    ops::apply(ops::lookup(op).unwrap(), m, vec![Some(KVal::Block(v))], at)
                        .unwrap()
                        .block()
                        .unwrap()
                };
                match name {
                    "nan exp" => un("exp", n, &mut m),
                    "nan lt" => ops::compare(Cmp::Lt, &n, &zero).unwrap(),
                    "nan ne" => ops::compare(Cmp::Ne, &n, &x).unwrap(),
                    "nan where" => ops::select(&first3, &n, &y).unwrap(),
                    "nan abs sigmoid" => {
                        let a = un("abs", n, &mut m);
                        let t = ops::arith(Arith::Add, &a, &b).unwrap();
                        un("sigmoid", t, &mut m)
                    }
                    // `log(|b| + 1)` is `+inf` at lanes 3 and 4, `tanh(b)` is -1 there.
                    _ => {
                        let a = un("abs", b.clone(), &mut m);
                        let one = KVal::<D>::Int(1).block().unwrap();
                        let t = ops::arith(Arith::Add, &a, &one).unwrap();
                        let l = un("log", t, &mut m);
                        let th = un("tanh", b, &mut m);
                        let z = ops::arith(Arith::Mul, &th, &zero).unwrap();
                        ops::arith(Arith::Add, &l, &z).unwrap()
                    }
                }
            }
            // A 2-D tile `b[i] - b[j]`: rows 0..3 sum to `+inf`, rows 3 and 4 to NaN.
            "nan 2-D sum" => {
                let col = ops::expand_dims(&b, &[true, false]);
                let row = ops::expand_dims(&b, &[false, true]);
                let t = ops::arith(Arith::Sub, &col, &row).unwrap();
                ops::reduce(&t, 1, false, Sum)
            }
            // Softmax along the rows of `b[i] + 0 * y[j]`: rows 3 and 4 are `-inf` everywhere,
            // so their max is `-inf` and `x - max` NaN; each row's total read back.
            "softmax rows nan" => {
                let col = ops::expand_dims(&b, &[true, false]);
                let yz = ops::arith(Arith::Mul, &y, &zero).unwrap();
                let row = ops::expand_dims(&yz, &[false, true]);
                let t = ops::arith(Arith::Add, &col, &row).unwrap();
                let mx = ops::expand_dims(&ops::reduce(&t, 1, false, Max), &[true, false]);
                let z = ops::arith(Arith::Sub, &t, &mx).unwrap();
                let e = ops::apply(
                    ops::lookup("exp").unwrap(),
                    &mut m,
                    vec![Some(KVal::Block(z))],
                    at,
                )
                .unwrap()
                .block()
                .unwrap();
                let den = ops::expand_dims(&ops::reduce(&e, 1, false, Sum), &[true, false]);
                let sm = ops::arith(Arith::Div, &e, &den).unwrap();
                ops::reduce(&sm, 1, false, Sum)
            }
            // Rows 3 and 4 of `-b[i] + 0 * y[j]` are `+inf` everywhere: their max is `+inf`
            // with no finite lane (both its `+inf` and its `-inf` conditions hold; `+inf`
            // decides), so its minimum with `x` is `x` and its negation `-inf`.
            "inf rows min" | "inf rows neg" => {
                let nb = ops::negate(&b).unwrap();
                let col = ops::expand_dims(&nb, &[true, false]);
                let yz = ops::arith(Arith::Mul, &y, &zero).unwrap();
                let row = ops::expand_dims(&yz, &[false, true]);
                let t = ops::arith(Arith::Add, &col, &row).unwrap();
                let mx = ops::reduce(&t, 1, false, Max);
                if name == "inf rows min" {
                    ops::arith(Arith::Min, &mx, &x).unwrap()
                } else {
                    ops::negate(&mx).unwrap()
                }
            }
            _ => b,
        };
        v.push((name, b.broadcast_to(&[LANES])));
    }
    v
}

struct Model<'a> {
    funs: &'a BTreeMap<String, FunId>,
    data: &'a BTreeMap<String, Vec<Rat>>,
}

impl ModelReader for Model<'_> {
    fn sym(&mut self, _: SymId) -> Option<Value> {
        None
    }
    fn app(&mut self, f: FunId, args: &[Value]) -> Option<Value> {
        let (name, _) = self.funs.iter().find(|(_, g)| **g == f)?;
        let name = name.split('/').next()?;
        let Value::Int(i) = args.first()? else {
            return None;
        };
        let r = self.data.get(name)?.get(usize::try_from(*i).ok()?)?;
        let (n, d) = r.small()?;
        Some(Value::Real(n, d))
    }
}

/// A loop's sum (2 iterations `t`) of a tile's sum (2 lanes `l`) of `x[2*t + l] * y[lane]`,
/// both made through `ops::sum_along` and the domain's reduction as the executor makes them:
/// symbolically one atom over `k = 2*t + l` (`crate::tiles`).
fn tile_loop<D: LDomain>(x: &Block<D>, y: &Block<D>) -> Block<D> {
    let (x, y) = (x.clone(), y.clone());
    Block::new(vec![LANES], Ty::Real, move |d: &mut D, lane| {
        let zero = d.lit_v(ElemType::Real, tensor::Literal::Int(0));
        let two = d.lit_i(2);
        let (x, y, at) = (x.clone(), y.clone(), lane[0].clone());
        let mut body = move |d: &mut D, t: &D::I| -> D::V {
            let (x, y, at, t) = (x.clone(), y.clone(), at.clone(), t.clone());
            let two = d.lit_i(2);
            let mut tile = move |d: &mut D, l: &D::I| -> Elem<D> {
                let two = d.lit_i(2);
                let base = d.mul_i(&t, &two);
                let i = d.add_i(&base, l);
                let a = x.at(d, &[i]).v(d);
                let b = y.at(d, &[at.clone()]).v(d);
                Elem::V(tensor::binary(
                    d,
                    tensor::BinaryOp::Mul,
                    ElemType::Real,
                    &a,
                    &b,
                ))
            };
            d.reduction(tensor::Reducer::Sum, &two, &mut tile).v(d)
        };
        Elem::V(ops::sum_along(d, two, &zero, &mut body))
    })
}

/// The tile loop above is one atom symbolically: its body reads `x` at the merged index and
/// holds no other atom.
#[test]
fn a_loop_sum_of_tile_sums_is_one_atom() {
    let mut s = Sym::new(smt::Store::new());
    let (x, y) = (input::<Sym>("x"), input::<Sym>("y"));
    let lane = s.store.int(0);
    let Elem::V(SymVal::Plain(v)) = tile_loop(&x, &y).at(&mut s, &[lane]) else {
        panic!("a plain value");
    };
    let a = s
        .folds
        .lambdas
        .iter()
        .find(|a| a.value == v)
        .expect("the value is an atom")
        .clone();
    assert_eq!(a.vars.len(), 1);
    let inner: Vec<_> = s.store.symbols_of(a.body);
    assert!(
        !s.folds.lambdas.iter().any(|b| {
            let smt::Node::Sym(w) = s.store.node(b.value) else {
                return false;
            };
            inner.contains(w)
        }),
        "the merged atom's body holds no other atom"
    );
    assert!(
        inner.contains(&a.vars[0]),
        "the body reads the merged index"
    );
}

#[test]
fn symbolic_and_concrete_agree_on_every_op() {
    let mut seed: u64 = 0x2545F4914F6CDD1D;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _case in 0..200 {
        let mut data = BTreeMap::new();
        for name in ["x", "y"] {
            let v: Vec<Rat> = (0..LANES)
                .map(|_| Rat::new((next() % 9) as i128 - 4, (next() % 3) as i128 + 1).unwrap())
                .collect();
            data.insert(name.to_string(), v);
        }
        let mut c = Concrete::new(
            data.iter()
                .map(|(n, v)| {
                    (
                        n.clone(),
                        ConcreteTensor {
                            axes: vec![("e".into(), LANES as i128)],
                            data: v.iter().map(|r| Scalar::Real(r.clone())).collect(),
                        },
                    )
                })
                .collect(),
        );
        let mut s = Sym::new(smt::Store::new());
        let cp = programs::<Concrete>();
        let sp = programs::<Sym>();
        for ((name, cb), (_, sb)) in cp.iter().zip(&sp) {
            for lane in 0..LANES {
                let ce = cb.at(&mut c, &[lane as i128]);
                let lt = s.store.int(lane as i128);
                let se = sb.at(&mut s, &[lt]);
                // An extended real: NaN, +inf or -inf where its conditions evaluate true (the
                // first that holds), the same lanes in both domains.
                let real = matches!(ce, Elem::V(_) | Elem::X { .. })
                    && matches!(se, Elem::V(_) | Elem::X { .. });
                let (ce, se, special) = match (ce, se) {
                    (ce, se) if real => {
                        let cx = crate::ext::parts(&mut c, &ce);
                        let sx = crate::ext::parts(&mut s, &se);
                        let mut flag = |t: smt::TermId| {
                            let t = expand_atoms(&mut s, t);
                            let mut m = Model {
                                funs: &s.inputs,
                                data: &data,
                            };
                            match smt::eval_term(&s.store, t, &mut m) {
                                Some(Value::Bool(b)) => b,
                                other => panic!("{name}: a flag evaluates to {other:?}"),
                            }
                        };
                        let class = |f: [bool; 3]| f.iter().position(|b| *b);
                        let want = class([cx.nan, cx.pos, cx.neg]);
                        let got = class([flag(sx.nan), flag(sx.pos), flag(sx.neg)]);
                        assert_eq!(
                            got, want,
                            "{name} at lane {lane}: NaN (0), +inf (1), -inf (2) or finite"
                        );
                        (Elem::V(cx.v), Elem::V(sx.v), want.is_some())
                    }
                    (ce, se) => (ce, se, false),
                };
                if special {
                    continue;
                }
                let (cv, term) = match (ce, se) {
                    (Elem::V(v), Elem::V(SymVal::Plain(t))) => (v, expand_atoms(&mut s, t)),
                    (Elem::B(b), Elem::B(t)) => (Scalar::Bool(b), expand_atoms(&mut s, t)),
                    (Elem::I(i), Elem::I(t)) => (Scalar::Int(i), t),
                    _ => panic!("{name}: the domains disagree on the kind of element"),
                };
                let mut m = Model {
                    funs: &s.inputs,
                    data: &data,
                };
                let sv = smt::eval_term(&s.store, term, &mut m);
                let x = data["x"][lane].clone();
                let y = data["y"][lane].clone();
                if (*name == "div" && y.is_zero()) || (*name == "nan div" && x.is_zero()) {
                    continue; // the reals give x / 0 no value
                }
                if name.contains("softmax")
                    || matches!(*name, "nan exp" | "nan abs sigmoid" | "nan log")
                {
                    // exp is uninterpreted in the terms: compare its interval with a float.
                    let (Scalar::Approx(_) | Scalar::Real(_)) = cv else {
                        panic!("{name}: {cv:?}")
                    };
                    continue;
                }
                let want = match sv {
                    Some(Value::Real(a, b)) => Scalar::Real(Rat::new(a, b).unwrap()),
                    Some(Value::Int(i)) => Scalar::Int(i),
                    Some(Value::Bool(b)) => Scalar::Bool(b),
                    Some(other) => panic!("{name}: lift has no float values: {other}"),
                    None => {
                        panic!("{name}: the symbolic value does not evaluate (x = {x}, y = {y})")
                    }
                };
                assert_eq!(cv, want, "{name} at lane {lane}, x = {x}, y = {y}");
            }
        }
        assert!(c.inexact.is_none(), "{:?}", c.inexact);
    }
}

/// `t` with every reduction atom (`crate::atoms`) replaced by its explicit value over its
/// (constant, small) box: a sum of its terms, a max or min by comparisons.
fn expand_atoms(s: &mut Sym, t: smt::TermId) -> smt::TermId {
    expand_in(s, t, &std::collections::HashMap::new())
}

/// `expand_atoms` with the index variables of enclosing atoms bound by `env` (an inner atom's
/// definition may mention them).
fn expand_in(
    s: &mut Sym,
    t: smt::TermId,
    env: &std::collections::HashMap<SymId, smt::TermId>,
) -> smt::TermId {
    let atoms = s.folds.lambdas.clone();
    let syms = s.store.symbols_of(t);
    let Some(a) = atoms
        .iter()
        .find(|a| syms.iter().any(|v| s.store.sym(*v) == a.value))
    else {
        return s.store.substitute(t, env);
    };
    let k = a.vars[0];
    let mut terms = Vec::new();
    // A reduction over tiles and lanes merged into one (`crate::tiles`) ranges over up to
    // `LANES * LANES` indices.
    for i in 0..=(LANES * LANES) as i128 {
        let mut env2 = env.clone();
        env2.insert(k, s.store.int(i));
        let dom = expand_in(s, a.dom, &env2);
        match s.store.as_bool(dom) {
            Some(true) => terms.push(expand_in(s, a.body, &env2)),
            Some(false) => {}
            None => panic!("an atom's domain does not evaluate at {i}"),
        }
    }
    let v = match a.family.as_str() {
        "sum" if terms.is_empty() => s.store.real(0, 1),
        "sum" => s.store.add(terms),
        fam => {
            let mut acc = terms[0];
            for x in &terms[1..] {
                let lt = s.store.lt(acc, *x);
                acc = if fam == "max" {
                    s.store.ite(lt, *x, acc)
                } else {
                    s.store.ite(lt, acc, *x)
                };
            }
            acc
        }
    };
    let map = std::collections::HashMap::from([(a.value, v)]);
    let t2 = s.store.replace(t, &map);
    expand_in(s, t2, env)
}

/// Triton's integer `//` and `%` on tensors are C's: the quotient rounds toward zero, the
/// remainder has the dividend's sign.
#[test]
fn integer_division_truncates() {
    let mut c = Concrete::new(BTreeMap::new());
    for (x, y, q, r) in [
        (-7, 2, -3, -1),
        (7, -3, -2, 1),
        (-7, -3, 2, -1),
        (7, 2, 3, 1),
    ] {
        let a = KVal::<Concrete>::Int(x).block().unwrap();
        let b = KVal::<Concrete>::Int(y).block().unwrap();
        let mut got = |rem| match ops::int_div(&a, &b, rem).unwrap().at(&mut c, &[]) {
            Elem::I(i) => i,
            _ => panic!("an integer"),
        };
        assert_eq!((got(false), got(true)), (q, r), "{x} // {y}, {x} % {y}");
    }
}

/// The `exp` law's instances connect a product of exponentials with the exponential of the
/// canonical sum (`exp(x - m) * exp(m - M) = exp(x - M)`), which the solver cannot see with
/// `exp` uninterpreted alone; and they never make a false equation provable.
#[test]
fn exp_instances_prove_the_law_and_nothing_false() {
    let mut s = smt::Store::new();
    let exp = s.declare_fun("uf_exp", &[smt::Sort::Real], smt::Sort::Real);
    let [x, m, big] = ["x", "m", "M"].map(|n| s.var(n, smt::Sort::Real));
    let e = |s: &mut smt::Store, a, b| {
        let d = s.sub(a, b);
        s.app(exp, vec![d])
    };
    let (e1, e2, e3) = (e(&mut s, x, m), e(&mut s, m, big), e(&mut s, x, big));
    let e4 = e(&mut s, big, x);
    let prod = s.mul2(e1, e2);
    let cfg = smt::SolverConfig {
        timeout: std::time::Duration::from_secs(10),
    };
    let unsat = |s: &smt::Store, q: Vec<smt::TermId>| {
        matches!(smt::decide_portfolio(s, &q, cfg).0, smt::CheckResult::Unsat)
    };
    let good = s.ne(prod, e3);
    assert!(!unsat(&s, vec![good]), "provable without the law");
    let inst = crate::axioms::exp_instances(&mut s, Some(exp), &[prod, e3]);
    assert!(unsat(&s, [vec![good], inst.clone()].concat()));
    // exp(x - m) * exp(m - M) = exp(M - x) is false for the real exp.
    let bad = s.ne(prod, e4);
    let inst = crate::axioms::exp_instances(&mut s, Some(exp), &[prod, e4]);
    assert!(!unsat(&s, [vec![bad], inst].concat()));
}

/// A conversion to a fixed-width integer type (`x.to(tl.uint32)`) wraps alike in both
/// domains: the symbolic term of [`ops::wrap_i`] over an unknown, evaluated where the
/// unknown is `v`, is the concrete interpreter's number, which is `IntTy::wrap`'s and lies in
/// the type's range; values at and around each type's bounds and random ones up to 2^80.
#[test]
fn wrapping_conversions_agree_in_both_domains() {
    struct At(SymId, i128);
    impl ModelReader for At {
        fn sym(&mut self, s: SymId) -> Option<Value> {
            (s == self.0).then_some(Value::Int(self.1))
        }
        fn app(&mut self, _: FunId, _: &[Value]) -> Option<Value> {
            None
        }
    }
    let mut seed: u64 = 0x9E3779B97F4A7C15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for name in ["int8", "int16", "uint8", "uint16", "uint32", "uint64"] {
        let t = ops::wrapping_type(name).expect("a wrapping type");
        let mut s = Sym::new(smt::Store::new());
        let x = s.fresh_i("x");
        let smt::Node::Sym(id) = s.store.node(x).clone() else {
            panic!("a fresh integer is a symbol");
        };
        let term = ops::wrap_i(&mut s, t, &x);
        let mut values: Vec<i128> = vec![0, 1, -1];
        for b in [t.min(), t.max(), 1i128 << t.bits, -(1i128 << t.bits)] {
            values.extend([b - 1, b, b + 1]);
        }
        for _ in 0..200 {
            let magnitude = 1i128 << (next() % 80);
            let v = (next() as i128) % magnitude;
            values.push(if next() % 2 == 0 { v } else { -v });
        }
        for v in values {
            let mut c = Concrete::new(BTreeMap::new());
            let concrete = ops::wrap_i(&mut c, t, &v);
            let symbolic = smt::eval_term(&s.store, term, &mut At(id, v));
            assert_eq!(symbolic, Some(Value::Int(concrete)), "{name} of {v}");
            assert_eq!(concrete, t.wrap(v), "{name} of {v}");
            assert!((t.min()..=t.max()).contains(&concrete), "{name} of {v}");
        }
    }
}

/// Class tests: an infinity is classed by IEEE's rules concretely; a loaded value is an atom
/// symbolically (no fold to the real model's "finite"), and a computed one is unsupported,
/// named with its position.
#[test]
fn class_tests_are_atoms_of_loaded_values_only() {
    let at = Pos { line: 3, col: 7 };
    let mut c = Concrete::new(BTreeMap::new());
    let inf = Block::new(vec![], Ty::Real, |_: &mut Concrete, _| {
        Elem::V(Scalar::Inf(false))
    });
    for (name, want) in [
        ("isnan", false),
        ("isinf", true),
        ("isfinite", false),
        ("isposinf", false),
        ("isneginf", true),
    ] {
        match ops::class(name, &inf, at).at(&mut c, &[]) {
            Elem::B(b) => assert_eq!(b, want, "{name}(-inf)"),
            _ => panic!("a condition"),
        }
    }
    let mut s = Sym::new(smt::Store::new());
    let x = input::<Sym>("x");
    let lane = [s.store.int(0)];
    let Elem::B(b) = ops::class("isnan", &x, at).at(&mut s, &lane) else {
        panic!("a condition")
    };
    assert_eq!(s.store.as_bool(b), None, "isnan(x[0]) is not folded");
    assert!(s.unsupported.is_none());
    let e = ops::arith(Arith::Add, &x, &x).unwrap();
    let _ = ops::class("isinf", &e, at).at(&mut s, &lane);
    let why = s
        .unsupported
        .clone()
        .expect("a computed value is not classed");
    assert!(why.contains("isinf at 3:7"), "{why}");
}
