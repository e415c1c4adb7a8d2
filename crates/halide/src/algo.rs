//! The algorithm's meaning at a point: a Func's pure definition evaluated through `eval`
//! with its variables bound to the point. Concretely (this module) calls are evaluated
//! recursively and memoized; symbolically (`symex`) a realized Func's call is its prophecy.

use crate::eval::{eval, Env};
use crate::run::Setting;
use crate::spec::Spec;
use crate::syntax::{Expr, Type};
use crate::value::{unsupported, Stop, Val};
use report::Span;
use std::collections::BTreeMap;
use tensor::Concrete as CDom;

type CVal = Val<CDom>;

/// An update's RDom variables, their ranges `[min, end)` and its predicates.
type RDomRanges = (Vec<crate::spec::RDom>, Vec<(i128, i128)>, Vec<Expr>);

/// The concrete algorithm over a setting's inputs.
pub struct Concrete<'a> {
    spec: &'a Spec,
    setting: &'a Setting,
    memo: BTreeMap<(String, Vec<i128>), CVal>,
    scope: Vec<Vec<(String, CVal)>>,
    /// While folding an update: the Func (each component of a Tuple), the point, and its
    /// value so far.
    current: Vec<(String, Vec<i128>, Option<CVal>)>,
    /// While running a recurrence over a slice.
    sim: Option<Sim>,
    slices: BTreeMap<(String, Vec<i128>), BTreeMap<Vec<i128>, CVal>>,
}

impl<'a> Concrete<'a> {
    pub fn new(spec: &'a Spec, setting: &'a Setting) -> Self {
        Concrete {
            spec,
            setting,
            memo: BTreeMap::new(),
            scope: vec![],
            current: vec![],
            sim: None,
            slices: BTreeMap::new(),
        }
    }

    /// The value of `func` at `point` after all its stages.
    pub fn value(&mut self, d: &mut CDom, func: &str, point: &[i128]) -> Result<CVal, Stop> {
        let n = self.spec.func(func).expect("caller checked").updates.len();
        self.stage_value(d, func, n, point)
    }

    /// The RDom an update runs over ([`Spec::update_domain`]): its variables, their ranges
    /// `[min, end)`, and its predicates.
    fn rdom_ranges(&mut self, d: &mut CDom, u: &crate::spec::Update) -> Result<RDomRanges, Stop> {
        let spec = self.spec;
        let dom = spec
            .update_domain(u)
            .or_else(|(what, span)| unsupported(what, span))?;
        let rdoms: Vec<crate::spec::RDom> = dom.vars.into_iter().cloned().collect();
        let preds: Vec<Expr> = dom.predicates.into_iter().map(|(p, _)| p.clone()).collect();
        let mut ranges = Vec::new();
        for r in &rdoms {
            self.scope.push(vec![]);
            let lo = eval(d, self, &r.min);
            let hi = eval(d, self, &r.end);
            self.scope.pop();
            match (lo?, hi?) {
                (Val::Int(a, _), Val::Int(b, _)) if b - a <= 1 << 16 => ranges.push((a, b)),
                _ => return unsupported(format!("the bounds of the RDom `{}`", r.var), r.span),
            }
        }
        Ok((rdoms, ranges, preds))
    }

    /// Whether every predicate holds in the innermost frame (a step's variables): the
    /// algorithm runs a step only where they do (Halide's `RDom::where`).
    fn holds(&mut self, d: &mut CDom, preds: &[Expr]) -> Result<bool, Stop> {
        for p in preds {
            let v = eval(d, self, p)?;
            if !crate::value::truth(d, &v, p.span)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Every point of the RDom, in its order (lexicographic, the first variable innermost).
    fn rdom_points(ranges: &[(i128, i128)]) -> Vec<Vec<i128>> {
        if ranges.iter().any(|(a, b)| b <= a) {
            return vec![];
        }
        let mut out = Vec::new();
        let mut cur: Vec<i128> = ranges.iter().map(|(a, _)| *a).collect();
        loop {
            out.push(cur.clone());
            let mut k = 0;
            while k < cur.len() {
                cur[k] += 1;
                if cur[k] < ranges[k].1 {
                    break;
                }
                cur[k] = ranges[k].0;
                k += 1;
            }
            if k == cur.len() {
                return out;
            }
        }
    }

    /// The value of `func` at `point` after its stages `0..=stage`. An update whose left side
    /// is the pure variables folds the RDom at the point; a recurrence runs the RDom over the
    /// point's slice (the cells its pure variables fix), each step writing the left side's
    /// cell and reading the cells as the earlier steps left them (Halide's meaning).
    fn stage_value(
        &mut self,
        d: &mut CDom,
        func: &str,
        stage: usize,
        point: &[i128],
    ) -> Result<CVal, Stop> {
        let key = (format!("{func}/{stage}"), point.to_vec());
        if let Some(v) = self.memo.get(&key) {
            return Ok(v.clone());
        }
        let f = self.spec.func(func).expect("caller checked").clone();
        if self.scope.len() > 4 * (self.spec.funcs.len() + 1) {
            return unsupported(format!("a cycle of calls through `{func}`"), f.span);
        }
        let frame: Vec<(String, CVal)> = f
            .vars
            .iter()
            .zip(point)
            .map(|(v, p)| (v.clone(), Val::Int(*p, Type::Int(32))))
            .collect();
        let v = if stage == 0 {
            self.scope.push(frame);
            let r = eval(d, self, &f.value);
            self.scope.pop();
            crate::value::cast(d, f.ty, r?, f.span)?
        } else {
            let u = f.updates[stage - 1].clone();
            let slice = u
                .recurrence_slice(&f)
                .or_else(|(what, span)| unsupported(what, span))?;
            // A Tuple's components step together: each step reads every component's value
            // before it (Halide evaluates the whole Tuple, then stores it).
            let sibs: Vec<crate::spec::Func> =
                self.spec.siblings(&f).into_iter().cloned().collect();
            // The Tuple's update as one: the RDom any component names.
            let joint = self.spec.joint_update(&f, stage);
            let (rdoms, ranges, preds) = self.rdom_ranges(d, &joint)?;
            if slice.is_some() && f.tuple.is_some() {
                return unsupported(
                    format!("a recurrence of the Tuple-valued Func `{}`", f.base()),
                    u.span,
                );
            }
            match slice {
                None => {
                    // The stage before, `None` where it is `undef()`: an update that does not
                    // read it defines the point anyway.
                    let mut vs = Vec::with_capacity(sibs.len());
                    for g in &sibs {
                        vs.push(undefined_as_none(self.stage_value(
                            d,
                            &g.name,
                            stage - 1,
                            point,
                        ))?);
                    }
                    for r in Self::rdom_points(&ranges) {
                        let mut fr = frame.clone();
                        for (rd, c) in rdoms.iter().zip(&r) {
                            fr.push((rd.var.clone(), Val::Int(*c, Type::Int(32))));
                        }
                        self.scope.push(fr);
                        match self.holds(d, &preds) {
                            Ok(true) => {}
                            r => {
                                self.scope.pop();
                                r?;
                                continue;
                            }
                        }
                        let now = sibs
                            .iter()
                            .zip(&vs)
                            .map(|(g, v)| (g.name.clone(), point.to_vec(), v.clone()))
                            .collect();
                        let saved = std::mem::replace(&mut self.current, now);
                        let mut next = Vec::with_capacity(sibs.len());
                        let mut err = None;
                        for g in &sibs {
                            let gu = &g.updates[stage - 1];
                            match eval(d, self, &gu.value)
                                .and_then(|r| crate::value::cast(d, g.ty, r, gu.span))
                            {
                                Ok(v) => next.push(Some(v)),
                                Err(e) => {
                                    err = Some(e);
                                    break;
                                }
                            }
                        }
                        self.current = saved;
                        self.scope.pop();
                        if let Some(e) = err {
                            return Err(e);
                        }
                        vs = next;
                    }
                    for (g, v) in sibs.iter().zip(&vs) {
                        if let Some(v) = v {
                            self.memo
                                .insert((format!("{}/{stage}", g.name), point.to_vec()), v.clone());
                        }
                    }
                    let k = sibs
                        .iter()
                        .position(|g| g.name == f.name)
                        .expect("f is one");
                    match &vs[k] {
                        Some(v) => v.clone(),
                        None => return Err(undefined()),
                    }
                }
                Some(slice) => {
                    let p: Vec<i128> = slice.iter().map(|k| point[*k]).collect();
                    let skey = (format!("{func}/{stage}/slice"), p.clone());
                    if !self.slices.contains_key(&skey) {
                        let cells = self.run_slice(
                            d,
                            &f,
                            stage,
                            &u,
                            &slice,
                            &p,
                            (&rdoms, &ranges, &preds),
                        )?;
                        self.slices.insert(skey.clone(), cells);
                    }
                    match self.slices[&skey].get(point) {
                        Some(v) => v.clone(),
                        None => self.stage_value(d, func, stage - 1, point)?,
                    }
                }
            }
        };
        self.memo.insert(key, v.clone());
        Ok(v)
    }

    /// One run of a recurrence's RDom over the slice `p` (the values of the pure variables
    /// at the `slice` positions): the cells it writes and their final values.
    #[allow(clippy::too_many_arguments)]
    fn run_slice(
        &mut self,
        d: &mut CDom,
        f: &crate::spec::Func,
        stage: usize,
        u: &crate::spec::Update,
        slice: &[usize],
        p: &[i128],
        (rdoms, ranges, preds): (&[crate::spec::RDom], &[(i128, i128)], &[Expr]),
    ) -> Result<BTreeMap<Vec<i128>, CVal>, Stop> {
        let mut cells: BTreeMap<Vec<i128>, CVal> = BTreeMap::new();
        for r in Self::rdom_points(ranges) {
            let mut fr: Vec<(String, CVal)> = slice
                .iter()
                .zip(p)
                .map(|(k, v)| (f.vars[*k].clone(), Val::Int(*v, Type::Int(32))))
                .collect();
            for (rd, c) in rdoms.iter().zip(&r) {
                fr.push((rd.var.clone(), Val::Int(*c, Type::Int(32))));
            }
            self.scope.push(fr);
            match self.holds(d, preds) {
                Ok(true) => {}
                r => {
                    self.scope.pop();
                    r?;
                    continue;
                }
            }
            let mut cell = Vec::new();
            let mut bad = None;
            for a in &u.args {
                match eval(d, self, a) {
                    Ok(Val::Int(i, _)) => cell.push(i),
                    Ok(_) => bad = Some(unsupported("a non-integer index", a.span)),
                    Err(e) => bad = Some(Err(e)),
                }
            }
            if let Some(e) = bad {
                self.scope.pop();
                return e;
            }
            let saved = self.sim.replace(Sim {
                func: f.name.clone(),
                stage,
                slice: slice.to_vec(),
                p: p.to_vec(),
                cells: std::mem::take(&mut cells),
            });
            let v = eval(d, self, &u.value);
            let sim = std::mem::replace(&mut self.sim, saved).expect("set above");
            cells = sim.cells;
            self.scope.pop();
            let v = crate::value::cast(d, f.ty, v?, u.span)?;
            cells.insert(cell, v);
        }
        Ok(cells)
    }
}

/// A recurrence's run over one slice: the Func, its stage, the slice, and the cells written
/// so far.
struct Sim {
    func: String,
    stage: usize,
    slice: Vec<usize>,
    p: Vec<i128>,
    cells: BTreeMap<Vec<i128>, CVal>,
}

impl Env<CDom> for Concrete<'_> {
    fn bind(&mut self, name: &str, v: CVal) {
        if let Some(f) = self.scope.last_mut() {
            f.push((name.to_string(), v));
        }
    }
    fn unbind(&mut self) {
        if let Some(f) = self.scope.last_mut() {
            f.pop();
        }
    }

    fn var(&mut self, _d: &mut CDom, name: &str, span: Span) -> Result<CVal, Stop> {
        if let Some((_, v)) = self
            .scope
            .last()
            .and_then(|f| f.iter().rev().find(|(n, _)| n == name))
        {
            return Ok(v.clone());
        }
        if let Some(v) = self.setting.fields.get(name) {
            return Ok(Val::Int(*v, Type::Int(32)));
        }
        unsupported(format!("unbound variable `{name}` in the algorithm"), span)
    }

    fn call(
        &mut self,
        d: &mut CDom,
        name: &str,
        args: Vec<CVal>,
        _point: Vec<CVal>,
        span: Span,
    ) -> Result<CVal, Stop> {
        let idx: Vec<i128> = args
            .iter()
            .map(|a| match a {
                Val::Int(i, _) => Ok(*i),
                _ => unsupported("a non-integer index", span),
            })
            .collect::<Result<_, _>>()?;
        if let Some(inp) = self.spec.input(name) {
            if idx.len() != inp.dims {
                return unsupported(
                    format!(
                        "a read of input `{name}` with {} indices (declared with {} dims)",
                        idx.len(),
                        inp.dims
                    ),
                    span,
                );
            }
            let data = &self.setting.inputs[name];
            let mut off: i128 = 0;
            for k in (0..idx.len()).rev() {
                let m = self.setting.fields[&format!("{name}.min.{k}")];
                let e = self.setting.fields[&format!("{name}.extent.{k}")];
                let i = idx[k] - m;
                if i < 0 || i >= e {
                    return Err(Stop::Fault {
                        kind: crate::value::WitnessKind::OutOfBounds,
                        what: format!(
                            "the algorithm reads input `{name}` at {idx:?}, outside its buffer"
                        ),
                    });
                }
                off = off * e + i;
            }
            return Ok(self.setting.element(inp.ty, data[off as usize]));
        }
        if let Some(f) = self.spec.func(name) {
            if idx.len() != f.vars.len() {
                return unsupported(
                    format!(
                        "a call of `{name}` with {} indices (it has {} variables)",
                        idx.len(),
                        f.vars.len()
                    ),
                    span,
                );
            }
        }
        if self.sim.as_ref().is_some_and(|s| s.func == name) {
            let sim = self.sim.as_ref().expect("checked");
            if sim
                .slice
                .iter()
                .zip(&sim.p)
                .any(|(k, v)| idx.get(*k) != Some(v))
            {
                return unsupported(format!("a recurrence of `{name}` that reads another slice (its pure variables changed)"), span);
            }
            if let Some(v) = sim.cells.get(&idx) {
                return Ok(v.clone());
            }
            let stage = sim.stage;
            let saved = self.sim.take();
            let saved_cur = std::mem::take(&mut self.current);
            let r = self.stage_value(d, name, stage - 1, &idx);
            self.sim = saved;
            self.current = saved_cur;
            return r;
        }
        if let Some((_, p, v)) = self.current.iter().find(|(f, _, _)| f == name) {
            if *p == idx {
                return v.clone().ok_or_else(undefined);
            }
            return unsupported(format!("an update of `{name}` that reads another point (recurrences are not yet supported)"), span);
        }
        if name == "undef" && idx.is_empty() && self.spec.func(name).is_none() {
            // Halide's `undef()`: the definition leaves this point without a value.
            return Err(undefined());
        }
        if self.spec.func(name).is_some() {
            let saved = std::mem::take(&mut self.current);
            let saved_sim = self.sim.take();
            let r = self.value(d, name, &idx);
            self.current = saved;
            self.sim = saved_sim;
            return r;
        }
        unsupported(
            format!("a call of `{name}`, which the algorithm does not declare"),
            span,
        )
    }
}

/// The algorithm has no value at a point: its definition there is Halide's `undef()` and no
/// update overwrites it (a fault of kind `uninitialized`, the only one `algo` raises so).
fn undefined() -> Stop {
    Stop::Fault {
        kind: crate::value::WitnessKind::Uninitialized,
        what: "its value there is `undef()`, which no definition overwrites".into(),
    }
}

/// A stage's value, `None` where the algorithm leaves it undefined ([`undefined`]).
fn undefined_as_none(r: Result<CVal, Stop>) -> Result<Option<CVal>, Stop> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(Stop::Fault {
            kind: crate::value::WitnessKind::Uninitialized,
            ..
        }) => Ok(None),
        Err(e) => Err(e),
    }
}
