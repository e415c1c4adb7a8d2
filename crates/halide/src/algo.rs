//! The algorithm's meaning at a point: a Func's pure definition evaluated through `eval`
//! with its variables bound to the point. Concretely (this module) calls are evaluated
//! recursively and memoized; symbolically (`symex`) a realized Func's call is its prophecy.

use crate::eval::{eval, Env};
use crate::run::{input_value, Setting};
use crate::spec::Spec;
use crate::syntax::Type;
use crate::value::{unsupported, Stop, Val};
use report::Span;
use std::collections::BTreeMap;
use tensor::Concrete as CDom;

type CVal = Val<CDom>;

/// The concrete algorithm over a setting's inputs.
pub struct Concrete<'a> {
    spec: &'a Spec,
    setting: &'a Setting,
    memo: BTreeMap<(String, Vec<i128>), CVal>,
    scope: Vec<Vec<(String, CVal)>>,
    /// While folding an update: the Func, the point, and its value so far.
    current: Option<(String, Vec<i128>, CVal)>,
}

impl<'a> Concrete<'a> {
    pub fn new(spec: &'a Spec, setting: &'a Setting) -> Self {
        Concrete {
            spec,
            setting,
            memo: BTreeMap::new(),
            scope: vec![],
            current: None,
        }
    }

    pub fn value(&mut self, d: &mut CDom, func: &str, point: &[i128]) -> Result<CVal, Stop> {
        let key = (func.to_string(), point.to_vec());
        if let Some(v) = self.memo.get(&key) {
            return Ok(v.clone());
        }
        let f = self.spec.func(func).expect("caller checked");
        if self.scope.len() > self.spec.funcs.len() + 1 {
            return unsupported(format!("a cycle of calls through `{func}`"), f.span);
        }
        let frame: Vec<(String, CVal)> = f
            .vars
            .iter()
            .zip(point)
            .map(|(v, p)| (v.clone(), Val::Int(*p, Type::Int(32))))
            .collect();
        self.scope.push(frame.clone());
        let r = eval(d, self, &f.value);
        self.scope.pop();
        let mut v = crate::value::cast(d, f.ty, r?, f.span)?;
        // Updates with pure left sides: each point folds its RDom in lexicographic order
        // (the first variable innermost), the point's previous value standing for `f(x, ...)`.
        for u in &f.updates {
            for (a, var) in u.args.iter().zip(&f.vars) {
                if !matches!(&a.kind, crate::syntax::ExprKind::Var(n) if n == var) {
                    return unsupported(
                        format!("an update of `{func}` whose left side is not its pure variables"),
                        u.span,
                    );
                }
            }
            let mut names = Vec::new();
            crate::syntax::vars_of(&u.value, &mut names);
            let rdoms: Vec<&crate::spec::RDom> = self
                .spec
                .rdoms
                .iter()
                .filter(|r| names.contains(&r.var))
                .collect();
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
            if ranges.iter().any(|(a, b)| b <= a) {
                continue;
            }
            let mut cur: Vec<i128> = ranges.iter().map(|(a, _)| *a).collect();
            loop {
                let mut fr = frame.clone();
                for (r, c) in rdoms.iter().zip(&cur) {
                    fr.push((r.var.clone(), Val::Int(*c, Type::Int(32))));
                }
                self.scope.push(fr);
                self.current = Some((func.to_string(), point.to_vec(), v.clone()));
                let r = eval(d, self, &u.value);
                self.current = None;
                self.scope.pop();
                v = crate::value::cast(d, f.ty, r?, u.span)?;
                // The next RDom point, the first variable innermost.
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
                    break;
                }
            }
        }
        self.memo.insert(key, v.clone());
        Ok(v)
    }
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
            return Ok(input_value(inp.ty, data[off as usize]));
        }
        if let Some((f, p, v)) = &self.current {
            if f == name {
                if *p == idx {
                    return Ok(v.clone());
                }
                return unsupported(format!("an update of `{name}` that reads another point (recurrences are not yet supported)"), span);
            }
        }
        if self.spec.func(name).is_some() {
            let saved = self.current.take();
            let r = self.value(d, name, &idx);
            self.current = saved;
            return r;
        }
        unsupported(
            format!("a call of `{name}`, which the algorithm does not declare"),
            span,
        )
    }
}
